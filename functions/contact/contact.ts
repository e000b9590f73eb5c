/**
 * The contact form's server side (000 §2, §5, §7; docs/decisions.md "Contact retailer"):
 * - `contactInfoFor`: what the form needs for one retailer scan (POST /getContactInfoForEmail/):
 *   the retailer's contacts (To), the brand contact (CC), the BCC defaults and placeholder values;
 * - `sendContactEmail`: POST /contact_retailer. The scan must be of the caller's brand and of a
 *   retailer they see, the products of that scan; To only the retailer's contacts of that brand;
 *   CC (the brand contact always added) and BCC only the brand's own people: the brand contact,
 *   the sender's and the company's BCC addresses, the brand's users, addresses at the brand's own
 *   domain, and the retailer's contacts (no open relay); images only; the HTML sanitised. A
 *   retried request (same requestId) sends once; 30 emails per user per hour. Recorded in the
 *   email history, BCC included.
 */
import { createHash } from 'node:crypto';
import { CONTACT_MSG } from '../../shared/messages/contact';
import { CONTACT_LIMITS, type ContactRetailerBody, type ContactUploadsBody, type FormContact, type FormVariableName, type ImageType } from '../../shared/schemas/contact';
import { findRetailerContacts, pageRetailerContacts } from '../address-book';
import { takeEmailSend } from '../auth';
import { getBrand, type BrandRecord } from '../brands';
import { issueCaseLink } from '../b2b';
import { caseIdOf, notifyCases, PROFILE_SUBJECT } from '../cases';
import { CASE_LINK } from '../../shared/messages/cases';
import { sendRawEmail } from '../lib/email';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError, PayloadTooLargeError, TooManyRequestsError, ValidationError, ConflictError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { usDate } from '../lib/us-date';
import { getRetailers } from '../retailers';
import { assertCanSee, getPeriod, getProduct, getScanInfoById, splitProductId } from '../scrapings';
import { getUser, listUsersByBrand, type UserRecord } from '../users';
import { ownDomainsOf } from './domain/own-domains';
import { recordEmail } from './email-history.repo';
import { AttachmentError, checkAttachments } from './domain/attachments';
import { claimSend, markSent, releaseSend } from './sends.repo';
import { createUploadLinks, deleteUploads, readUploads, uploadPrefix, UploadError } from './uploads.repo';

/** A retailer scan the form is opened from: a scan period (products) or the retailer scan info (the brand profile). */
interface Scan {
  id: string;
  kind: 'period' | 'scanInfo';
  brand: string;
  retailer: string;
}

/** retailer_brand_scraping: a period id, else a scan info id; 404 when neither, 403 when not the caller's to see. */
async function resolveScan(auth: AuthContext, id: string): Promise<Scan> {
  const period = await getPeriod(id);
  const rec = period ? { kind: 'period' as const, brand: period.brand, retailer: period.retailer } : await getScanInfoById(id).then((i) => (i ? { kind: 'scanInfo' as const, brand: i.brand, retailer: i.retailer } : undefined));
  if (!rec) throw new NotFoundError(CONTACT_MSG.scanNotFound);
  assertCanSee(auth, rec);
  return { id, ...rec };
}

const lower = (s: string) => s.trim().toLowerCase();
const uniqueAddresses = (xs: readonly (string | undefined | null)[]) => {
  const seen = new Set<string>();
  return xs.flatMap((x) => {
    const t = (x ?? '').trim();
    if (!t || seen.has(lower(t))) return [];
    seen.add(lower(t));
    return [t];
  });
};

async function brandAndSender(auth: AuthContext, scan: Scan): Promise<{ brand: BrandRecord; user: UserRecord; retailerName: string }> {
  const [brand, user, retailers] = await Promise.all([getBrand(scan.brand), getUser(auth.sub), getRetailers([scan.retailer])]);
  if (!brand || !user) throw new NotFoundError(CONTACT_MSG.scanNotFound);
  return { brand, user, retailerName: retailers[0]?.name ?? scan.retailer };
}

const brandContactOf = (b: BrandRecord) => uniqueAddresses([b.contact?.email]);
const bccOf = (b: BrandRecord, u: UserRecord) => uniqueAddresses([u.user_email_bcc, b.company_email_bcc]);
/** The brand's users who may be copied: everyone of the brand but the deactivated, by name. */
const colleaguesOf = async (brandId: string) => (await listUsersByBrand(brandId)).filter((u) => u.status !== 'disabled').map((u) => ({ name: u.name, email: u.email }));
const domainOf = (address: string) => lower(address.slice(address.lastIndexOf('@') + 1));

/** POST /getContactInfoForEmail/ */
export async function contactInfoFor(auth: AuthContext, scanId: string) {
  const scan = await resolveScan(auth, scanId);
  const [{ brand, user, retailerName }, contacts, colleagues] = await Promise.all([
    brandAndSender(auth, scan),
    pageRetailerContacts(scan.brand, scan.retailer, { limit: CONTACT_LIMITS.maxContacts }),
    colleaguesOf(scan.brand),
  ]);
  return {
    data: {
      // Every FORM_VARIABLE_NAMES value (GET /getvariable lists them with the contact's fields).
      data: { User_name: user.name, Retailer_name: retailerName, Brand_name: brand.name } satisfies Record<FormVariableName, string>,
      contacts: contacts.items.map((c): FormContact => ({ _id: c._id, firstName: c.firstName, lastName: c.lastName, email: c.email, role: c.role })),
      cc: brandContactOf(brand),
      bcc: bccOf(brand, user),
      colleagues,
      ownDomains: await ownDomainsOf(brand),
      retailer: { _id: scan.retailer, name: retailerName },
      brand: { _id: brand._id, name: brand.name },
    },
  };
}

/** Each product of the scan: a product of that period (a period), or of that brand and retailer (the scan info). */
async function checkProducts(scan: Scan, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(
    unique.map(async (id) => {
      const split = splitProductId(id);
      if (!split || (scan.kind === 'period' && split.periodId !== scan.id)) return { id, ok: false };
      const p = await getProduct(id);
      return { id, ok: !!p && p.brand === scan.brand && p.retailer === scan.retailer };
    }),
  );
  const bad = found.find((f) => !f.ok);
  if (bad) throw new ValidationError(CONTACT_MSG.productNotInScan(bad.id), [{ path: 'products', message: CONTACT_MSG.productNotInScan(bad.id) }]);
  return unique;
}

/**
 * The relay rule: every address is one the brand may write to from this form, or a 400 naming
 * the first refused one. To: the retailer's contacts of this brand. CC and BCC: the brand's own
 * people (the brand contact, the sender's and the company's BCC addresses, the brand's users, any
 * address at the brand's own domain) and the retailer's contacts; nobody else (000 §2: CC always
 * includes the brand contact).
 */
async function checkRecipients(scan: Scan, brand: BrandRecord, user: UserRecord, body: Pick<ContactRetailerBody, 'to' | 'cc' | 'bcc'>) {
  const refuse = (message: string, path: string): never => {
    throw new ValidationError(message, [{ path, message }]);
  };
  const to = uniqueAddresses(body.to);
  const ccAsked = uniqueAddresses(body.cc);
  const bccAsked = uniqueAddresses(body.bcc);
  const brandContact = brandContactOf(brand);
  const own = new Set([...brandContact, ...bccOf(brand, user)].map(lower));
  const ownDomains = new Set(await ownDomainsOf(brand));
  const copies = [...ccAsked, ...bccAsked].filter((a) => !own.has(lower(a)) && !ownDomains.has(domainOf(a)));
  // Only what is not obviously the brand's is looked up: the brand's users, then the retailer's contacts (one BatchGetItem).
  const colleagues = copies.length ? new Set((await colleaguesOf(scan.brand)).map((c) => lower(c.email))) : new Set<string>();
  const contacts = await findRetailerContacts(scan.brand, scan.retailer, uniqueAddresses([...to, ...copies.filter((a) => !colleagues.has(lower(a)))]));
  const known = new Set(contacts.map((c) => lower(c.email)));
  for (const a of to) if (!known.has(lower(a))) refuse(CONTACT_MSG.notAContact(a), 'to');
  const copyable = (a: string) => own.has(lower(a)) || ownDomains.has(domainOf(a)) || colleagues.has(lower(a)) || known.has(lower(a));
  for (const a of ccAsked) if (!copyable(a)) refuse(CONTACT_MSG.notCopyable(a, 'CC'), 'cc');
  for (const a of bccAsked) if (!copyable(a)) refuse(CONTACT_MSG.notCopyable(a, 'BCC'), 'bcc');
  // CC always includes the brand contact (000 §2); an address is written to once (To, then CC, then BCC).
  const toSet = new Set(to.map(lower));
  const cc = uniqueAddresses([...brandContact, ...ccAsked]).filter((a) => !toSet.has(lower(a)));
  const ccSet = new Set(cc.map(lower));
  const bccOut = bccAsked.filter((a) => !toSet.has(lower(a)) && !ccSet.has(lower(a)));
  if (to.length + cc.length + bccOut.length > CONTACT_LIMITS.maxRecipients) refuse(CONTACT_MSG.tooManyRecipients(CONTACT_LIMITS.maxRecipients), 'to');
  return { to, cc, bcc: bccOut };
}

/** POST /contact_retailer/attachments: upload links for the images of an email about a scan the caller may see. */
export async function createContactUploads(auth: AuthContext, body: ContactUploadsBody) {
  const scan = await resolveScan(auth, body.retailer_brand_scraping);
  // The body's schema has checked each type against IMAGE_TYPES.
  const { links, expiresAt } = await createUploadLinks(scan.brand, auth.sub, body.files as { name: string; type: ImageType; size: number }[]);
  return { data: links, expiresAt };
}

/** The uploads the email names, as attachments (images by their bytes), or the 400/413 naming the first problem. */
async function attachmentsOf(auth: AuthContext, scan: Scan, keys: readonly string[]) {
  try {
    const uploads = await readUploads(uploadPrefix(scan.brand, auth.sub), keys);
    return checkAttachments(uploads.map((u) => ({ filename: u.filename, mimetype: '', content: u.content })));
  } catch (e) {
    if (!(e instanceof AttachmentError) && !(e instanceof UploadError)) throw e;
    if (e.tooLarge) throw new PayloadTooLargeError(e.message);
    throw new ValidationError(e.message, [{ path: 'attachment', message: e.message }]);
  }
}

/** The paragraph with the retailer's link to the brand's open cases, issued for `user` (the sender). */
async function casesLinkHtml(auth: AuthContext, user: UserRecord, scan: Scan): Promise<string> {
  const link = await issueCaseLink({ _id: auth.sub, name: user.name }, scan.brand, scan.retailer, CASE_LINK.days);
  return `<p><a href="${link.url}">See the open cases and answer them</a> (no account needed; the link works until ${usDate(link.expiresAt)}).</p>`;
}

/**
 * The cases an email to the retailer names (issue 24): its products' cases, or the brand profile's
 * for an email about the profile. An open case becomes notified; each active one logs the email.
 */
async function notifyNamedCases(scan: Scan, source: ContactRetailerBody['source'], productIds: readonly string[], e: { historyId: string; to: readonly string[]; at: string; by: { id: string; name: string } }) {
  const subjects =
    source === 'brand'
      ? [PROFILE_SUBJECT]
      : (await Promise.all(productIds.map((id) => getProduct(id)))).flatMap((p) => (p?.style_number ? [p.style_number] : []));
  await notifyCases(
    subjects.map((s) => caseIdOf(scan.brand, scan.retailer, s)),
    e,
  );
}

const historyIdOf = (userId: string, requestId: string) => createHash('sha256').update(`${userId}\u0000${requestId}`).digest('base64url').slice(0, 22);

/** POST /contact_retailer?version=1.0.0 */
export async function sendContactEmail(auth: AuthContext, body: ContactRetailerBody) {
  const scan = await resolveScan(auth, body.retailer_brand_scraping);
  if (body.retailer && body.retailer !== scan.retailer) throw new ValidationError(CONTACT_MSG.retailerMismatch, [{ path: 'retailer', message: CONTACT_MSG.retailerMismatch }]);
  const { brand, user } = await brandAndSender(auth, scan);
  const recipients = await checkRecipients(scan, brand, user, body);
  const products = body.source === 'brand' ? [] : await checkProducts(scan, body.products);
  const { hasContent, sanitizeMessage, textOf } = await import('./domain/sanitize');
  const written = sanitizeMessage(body.message);
  if (!hasContent(written)) throw new ValidationError(CONTACT_MSG.noMessage, [{ path: 'message', message: CONTACT_MSG.noMessage }]);
  const historyId = historyIdOf(auth.sub, body.requestId);
  const createdAt = new Date().toISOString();
  const claim = await claimSend(auth.sub, body.requestId, { historyId, createdAt });
  if (!claim.claimed) {
    if (claim.existing.status === 'sent') {
      // A retried send: the cases it named are notified as the first try did (the same log entries).
      await notifyNamedCases(scan, body.source, products, { historyId: claim.existing.historyId, to: recipients.to, at: claim.existing.createdAt, by: { id: auth.sub, name: user.name } });
      return { message: CONTACT_MSG.sent, data: { _id: claim.existing.historyId, messageId: claim.existing.messageId ?? null } };
    }
    throw new ConflictError(CONTACT_MSG.inProgress);
  }
  // After the claim: a retry of a sent email answers above without its uploads (deleted once sent).
  // The retailer's link to its open cases (issue 24 §3) is issued for this email only, after the claim.
  const html = body.casesLink ? written + (await casesLinkHtml(auth, user, scan)) : written;
  let messageId: string | null;
  let attachments: Awaited<ReturnType<typeof attachmentsOf>>;
  try {
    attachments = await attachmentsOf(auth, scan, body.attachments);
    if (!(await takeEmailSend(auth.sub, { max: CONTACT_LIMITS.perUserPerHour, seconds: 3600 }))) throw new TooManyRequestsError(CONTACT_MSG.throttled(CONTACT_LIMITS.perUserPerHour));
    messageId =
      (await sendRawEmail({
        ...recipients,
        subject: body.subject,
        html,
        text: textOf(html),
        replyTo: [user.email],
        // The sender as stored, never the form's `name` (a user could pass as someone else).
        fromName: `${user.name} (${brand.name})`,
        attachments,
      })) ?? null;
  } catch (e) {
    await releaseSend(auth.sub, body.requestId);
    throw e;
  }
  await markSent(auth.sub, body.requestId, messageId);
  await deleteUploads(body.attachments).catch((e: unknown) => logger.warn('contact uploads not deleted (the lifecycle rule will)', { error: String(e) }));
  await recordEmail({
    _id: historyId,
    subject: body.subject,
    createdAt,
    htmlResponse: html,
    brand: scan.brand,
    retailer: scan.retailer,
    retailerBrandScraping: scan.id,
    sentBy: auth.sub,
    ...recipients,
    source: body.source,
    products,
    attachments: attachments.map((a) => a.filename),
    ...(messageId ? { messageId } : {}),
  });
  await notifyNamedCases(scan, body.source, products, { historyId, to: recipients.to, at: createdAt, by: { id: auth.sub, name: user.name } });
  logger.info('contact email sent', { brand: scan.brand, retailer: scan.retailer, to: recipients.to.length, attachments: attachments.length, isCanned: body.isCanned });
  return { message: CONTACT_MSG.sent, data: { _id: historyId, messageId } };
}
