/**
 * The Address Book and EMAIL HISTORY of the retailer page (000 §2, §5, §6, §7; docs/address-book.md):
 * - `listContacts`: the retailer's contacts for the brand, by address, one page (counts kept on write);
 * - `addContact`: one contact per brand + retailer + address (case-folded): a second is a 409;
 * - `removeContact`: by id, the brand's own only (another brand's id is a 404, as an unknown one);
 * - `emailHistory`: the emails sent to the retailer from this brand, newest first, one page.
 * Who may: the caller's brand (ADMIN: the brand it acts for), the brand must carry the retailer,
 * and a User with assigned retailers only those.
 */
import { ADDRESS_BOOK_MSG as M } from '../../shared/messages/address-book';
import type { AddContactBody, Contact, ContactFields, EmailHistoryItem } from '../../shared/schemas/address-book';
import { getBrand } from '../brands';
import { countEmailHistory, pageEmailHistory, type EmailHistoryRecord } from '../contact';
import type { AuthContext } from '../lib/http/auth';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { assertCanSeeRetailer, getPeriod, getScanInfoById } from '../scrapings';
import { countRetailerContacts, deleteContact, getContact, pageRetailerContacts, putContact, type ContactRecord } from './contacts.repo';

interface Paging {
  page: number;
  limit: number;
  cursor?: string;
}

/** The brand of the request: the caller's own, or the one an ADMIN names (the tenant rule has checked a non-ADMIN's). */
function brandOf(auth: AuthContext, brand: string | undefined): string {
  const brandId = auth.isAdmin ? brand : (brand ?? auth.brand ?? undefined);
  if (!brandId) throw new ValidationError(M.brandRequired);
  return brandId;
}

/** The brand carries the retailer (a dropped retailer is not one) and the caller sees it. */
async function assertRetailerOfBrand(auth: AuthContext, brandId: string, retailerId: string): Promise<void> {
  assertCanSeeRetailer(auth, retailerId);
  const brand = await getBrand(brandId);
  if (!brand || !brand.retailers.some((r) => r.retailer === retailerId && r.flag !== false)) throw new NotFoundError(M.retailerNotFound);
}

export function contactView(c: ContactRecord): Contact {
  return { _id: c._id, firstName: c.firstName, lastName: c.lastName, email: c.email, role: c.role, brand: c.brand, retailer: c.retailer, createdAt: c.createdAt };
}

/** GET /getContactInfo?brand&retailer */
export async function listContacts(auth: AuthContext, q: { brand?: string; retailer: string } & Paging) {
  const brandId = brandOf(auth, q.brand);
  await assertRetailerOfBrand(auth, brandId, q.retailer);
  const totalCount = await countRetailerContacts(brandId, q.retailer);
  const skip = q.cursor ? 0 : (q.page - 1) * q.limit;
  // A page past the end reads nothing (a huge page number costs one GetItem).
  if (!q.cursor && skip >= totalCount) return { retailer_contacts: [], totalCount, nextCursor: null };
  const page = await pageRetailerContacts(brandId, q.retailer, { limit: q.limit, cursor: q.cursor, skip });
  return { retailer_contacts: page.items.map(contactView), totalCount, nextCursor: page.nextCursor ?? null };
}

/** POST /addressBooks */
export async function addContact(auth: AuthContext, body: Omit<AddContactBody, keyof ContactFields> & ContactFields) {
  // The tenant rule of the body's brand (the wrapper checks only a path's or a query's).
  if (!auth.isAdmin && body.brand && body.brand !== auth.brand) throw new ForbiddenError();
  const brandId = brandOf(auth, body.brand);
  await assertRetailerOfBrand(auth, brandId, body.retailer);
  const { outcome, contact } = await putContact(
    { firstName: body.firstName, lastName: body.lastName, email: body.email, role: body.role, brand: brandId, retailer: body.retailer, createdBy: auth.sub },
    'ignore',
  );
  if (outcome !== 'created') throw new ConflictError(M.duplicate);
  return { message: M.contactAdded, data: contactView(contact) };
}

/** DELETE /addressBooks/{id}?brand= */
export async function removeContact(auth: AuthContext, id: string, brand: string | undefined) {
  const contact = await getContact(id);
  const brandId = auth.isAdmin ? brand : auth.brand;
  // Another brand's contact answers as an unknown id: its existence is not revealed.
  if (!contact || (brandId && contact.brand !== brandId) || (!auth.isAdmin && !brandId)) throw new NotFoundError(M.contactNotFound);
  if (!(await deleteContact(contact))) throw new NotFoundError(M.contactNotFound);
  return { message: M.contactDeleted };
}

export function emailHistoryView(r: EmailHistoryRecord): EmailHistoryItem {
  return { _id: r._id, subject: r.subject, createdAt: r.createdAt, htmlResponse: r.htmlResponse, to: r.to ?? [], cc: r.cc ?? [], bcc: r.bcc ?? [], attachments: r.attachments ?? [] };
}

/** GET /email_history?retailer_brand_scraping=: the scan info id (or a period id) gives the brand and retailer. */
export async function emailHistory(auth: AuthContext, q: { retailer_brand_scraping: string } & Paging) {
  const owner = (await getScanInfoById(q.retailer_brand_scraping)) ?? (await getPeriod(q.retailer_brand_scraping));
  // Another brand's id answers as an unknown one.
  if (!owner || (!auth.isAdmin && owner.brand !== auth.brand)) throw new NotFoundError(M.scanInfoNotFound);
  assertCanSeeRetailer(auth, owner.retailer);
  const totalCount = await countEmailHistory(owner.brand, owner.retailer);
  const skip = q.cursor ? 0 : (q.page - 1) * q.limit;
  if (!q.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageEmailHistory(owner.brand, owner.retailer, { limit: q.limit, cursor: q.cursor, skip });
  return { data: page.items.map(emailHistoryView), totalCount, nextCursor: page.nextCursor ?? null };
}
