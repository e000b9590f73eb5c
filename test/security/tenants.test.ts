/**
 * The tenant matrix on REAL ids of the seeded test stack: every id-taking route (files,
 * notifications, periods, products, on-hand items) called by
 * - Castellane Paris's admin with Maison Aurelle's ids, and Maison Aurelle's admin and user with
 *   Castellane Paris's ids (their own brand in the path, and the other brand's);
 * - the plain User user@demo.test (assigned Harrowgate & Finch and Lumière Boutique) with the ids
 *   of an UNASSIGNED retailer of the same brand (Northbay Luxury).
 * Each answer is 403 or 404 and shows nothing of the other tenant. The ids are read through the
 * API as their owner sees them. Castellane Paris has no on-hand feed in the demo seed: this suite
 * drops a small one (two serials of its own) as a brand's feed arrives, through the OH ingest.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, callRoute, errorBody, login, rawApi, stack } from '../support/api';
import { putObject } from '../support/post-office';

const MA = 'brand-maison-aurelle';
const CP = 'brand-castellane';
const SHARED_RETAILER = 'ret-harrowgate';
const SHARED_RETAILER_NAME = 'Harrowgate & Finch';
/** Not assigned to user@demo.test. */
const UNASSIGNED = { _id: 'ret-northbay', name: 'Northbay Luxury', optId: 'OPT1003' };
const tag = randomBytes(3).toString('hex').toUpperCase();

interface Ids {
  brand: string;
  retailer: string;
  period: string;
  product: string;
  serial: string;
  /** The retailer scan info (the brand profile the brand flag call takes; EMAIL HISTORY's id). */
  scanInfo: string;
  /** A contact of the brand at the retailer (Address Book). */
  contact: string;
  /** A B2B portal link of the retailer, issued by the brand's admin. */
  b2bLink: string;
  /** A canned message of the brand (the Inbox), and the version its editor would send. */
  canned: { _id: string; updatedAt: string };
  /** A contacts import file of the brand (Settings → Contacts; its one row refused: no contact added). */
  contactsFile: string;
  /** Text of these records that must not reach another tenant. */
  secrets: string[];
  /** A user of the brand (one of this suite's own: a failed refusal must not change a demo account). */
  user?: string;
  /** A case of the brand at the retailer (this suite's own subject: the demo's flags stay as they are). */
  case: string;
  /** The style number of that case (the product page reads its case by it). */
  caseStyle: string;
  /** A link of the brand's for the retailer's open cases (issue 24 §3). */
  caseLink: string;
  /** A passkey of the brand's user (issue 26; written through the repo: the user has no password to sign in with). */
  passkey?: string;
}
const tokens = {} as Record<'admin' | 'maAdmin' | 'maUser' | 'cpAdmin', string>;
const ids: Record<'ma' | 'cp' | 'maUnassigned', Ids> = {} as never;
const admin: { file: string; notification: string; fileName: string; subject: string } = { file: '', notification: '', fileName: '', subject: '' };

async function ok<T>(what: string, call: Promise<ApiResult<T>>): Promise<T> {
  const res = await call;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A case of the brand at the retailer, written as a flag writes it, on a subject of this suite (no demo product changes). */
async function seedCase(brand: string, retailer: string): Promise<{ id: string; style: string }> {
  const { flagStep, stepWrites } = await import('../../functions/cases');
  const { transactIf } = await import('../../functions/lib/table');
  const style = `TENANTS-CASE-${tag}`;
  const step = flagStep(undefined, {
    brand,
    retailer,
    kind: 'product',
    style_number: style,
    name: `Tenant Case ${tag}`,
    productId: `none-${tag}`,
    at: new Date().toISOString(),
    by: null,
    evidence: { scanDate: '2026-11-02', periodId: null, reasons: [{ name: 'Price', value: 'Price' }], message: `case secret ${tag}`, scraped: { name: `Tenant Case ${tag}`, style_number: style, price: 1, URL: '', image: '', screenshot: '', brand_sku: '' }, onHand: null, gap: null },
  })!;
  expect(await transactIf(stepWrites(step))).toBe(true);
  return { id: step.after._id, style };
}

/** The owner's view: newest period of a retailer, its first product, and an on-hand serial of that retailer. */
async function realIds(token: string, brand: string, retailer: string, serial?: string): Promise<Ids> {
  const periods = await ok(`GET /RetailerSummaryDays/${brand}/${retailer}`, callRoute('listRetailerPeriods', { params: { brandId: brand, retailerId: retailer }, token }));
  const period = periods.data[0]!._id;
  const products = await ok(`GET /retailerBrandProductScrapings?retailer_brand_scraping=${period}&limit=1`, callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, limit: '1' }, token }));
  const product = products.data[0]!;
  let serialNo = serial;
  if (!serialNo) {
    const oh = await ok(`GET /retailerBrandProductScrapings?retailer_brand_scraping=${period}&limit=5&filter=all_oh`, callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, limit: '5', filter: 'all_oh' }, token }));
    serialNo = oh.data.map((x) => ('serialNo' in x ? x.serialNo : undefined)).find((s) => s);
  }
  if (!serialNo) throw new Error(`no on-hand item for ${brand} at ${retailer}`);
  const item = await ok(`GET /getBatchItems?retailerId=${retailer}&serialNo=${serialNo}&brand=${brand}`, callRoute('getBatchItems', { query: { retailerId: retailer, serialNo, brand }, token }));
  const info = await ok(`GET /RetailerScraping/${brand}/${retailer}`, callRoute('getRetailerScraping', { params: { brandId: brand, id: retailer }, token }));
  const contacts = await ok(`GET /getContactInfo?brand=${brand}&retailer=${retailer}&limit=1`, callRoute('getContactInfo', { query: { brand, retailer, limit: '1' }, token }));
  const contact = contacts.retailer_contacts[0];
  if (!contact) throw new Error(`no contact for ${brand} at ${retailer}`);
  const link = await callRoute('createB2bLink', { query: { brand }, token, body: { retailerId: retailer, expiresInDays: 1 } });
  if (link.status !== 200) throw new Error(`issuing a B2B link: ${link.status} ${JSON.stringify(link.body)}`);
  const canned = (await ok(`GET /cannedmessages?brand=${brand}&limit=1`, callRoute('listCannedMessages', { query: { brand, limit: '1' }, token }))).data[0];
  if (!canned) throw new Error(`no canned message of ${brand}`);
  const imported = await callRoute('importContacts', { params: { brandId: brand }, token, body: contactsImportForm(`No Such Store ${tag}`) });
  if (imported.status !== 200) throw new Error(`importing contacts: ${imported.status} ${JSON.stringify(imported.body)}`);
  const seeded = await seedCase(brand, retailer);
  const { issueCaseLink } = await import('../../functions/b2b');
  const caseLink = (await issueCaseLink({ _id: 'tenants', name: `Tenant ${tag}` }, brand, retailer, 1)).id;
  return {
    case: seeded.id,
    caseStyle: seeded.style,
    caseLink,
    brand,
    retailer,
    period,
    product: product._id,
    serial: serialNo,
    scanInfo: info.data._id,
    contact: contact._id,
    b2bLink: link.body.data._id,
    canned: { _id: canned._id, updatedAt: canned.updatedAt },
    secrets: [`case secret ${tag}`, product.name, 'style_number' in product ? product.style_number : undefined, serialNo, item.data.data.inventoryId, contact.email, canned.name].filter((s): s is string => !!s && s.length >= 4),
    contactsFile: imported.body.data.fileId,
  };
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  tokens.admin = await login('admin@demo.test');
  tokens.maAdmin = await login('brandadmin@demo.test');
  tokens.maUser = await login('user@demo.test');
  tokens.cpAdmin = await login('castellane@demo.test');

  // The minimum fixture: an on-hand feed for Castellane Paris (the seed has Maison Aurelle's only).
  const serials = [`CPSN${tag}01`, `CPSN${tag}02`];
  const latest = (await ok(`GET /RetailerSummaryDays/${CP}/${SHARED_RETAILER}`, callRoute('listRetailerPeriods', { params: { brandId: CP, retailerId: SHARED_RETAILER }, token: tokens.cpAdmin }))).data[0]!;
  const date = (await ok(`GET /RetailerSummaryDays/${CP}`, callRoute('listBrandPeriods', { params: { brandId: CP }, token: tokens.cpAdmin }))).data[0]!.value;
  expect(latest._id).toBeTruthy();
  await putObject(
    `incoming/oh/castellane-paris/${date}/tenants-${tag}.csv`,
    ['Serial Number,Inventory ID,Style Name,Price,Customer ID,Customer Name,Image', ...serials.map((s, i) => `${s},CPINV-${tag}-${i},Castellane Carré ${tag} ${i},420.00,OPT1001,Harrowgate & Finch,https://cdn.castellane.example/${s}.jpg`)].join('\n') + '\n',
  );
  const deadline = Date.now() + 30_000;
  while ((await callRoute('getBatchItems', { query: { retailerId: SHARED_RETAILER, serialNo: serials[0] }, token: tokens.cpAdmin })).status !== 200) {
    if (Date.now() > deadline) throw new Error('the Castellane Paris on-hand fixture was not ingested');
    await new Promise((r) => setTimeout(r, 200));
  }

  // A contact of Castellane Paris at the shared retailer (the seed has Maison Aurelle's only).
  const cpContact = await callRoute('addContact', { token: tokens.cpAdmin, body: { firstName: 'Cora', lastName: 'Paris', email: `cora-${tag}@castellane-contact.test`, role: 'Buyer', retailer: SHARED_RETAILER } });
  expect(cpContact.status).toBe(200);
  // A canned message of Castellane Paris (the seed has Maison Aurelle's only).
  const cpCanned = await callRoute('createCannedMessage', { token: tokens.cpAdmin, body: { name: `Castellane note ${tag}`, content: '<p>Dear {firstName}</p>', status: 'active' } });
  expect(cpCanned.status).toBe(200);

  ids.ma = await realIds(tokens.maAdmin, MA, SHARED_RETAILER);
  ids.cp = await realIds(tokens.cpAdmin, CP, SHARED_RETAILER, serials[0]);
  ids.cp.secrets.push('Castellane Carré', cpCanned.body.data.name);
  // Its own message: other suites may write other Castellane Paris messages meanwhile.
  ids.cp.canned = { _id: cpCanned.body.data._id, updatedAt: cpCanned.body.data.updatedAt };
  ids.maUnassigned = await realIds(tokens.maAdmin, MA, UNASSIGNED._id);
  ids.maUnassigned.secrets.push(UNASSIGNED.name, UNASSIGNED.optId);

  // A user of each brand for the Users tab calls (this suite's own, see Ids.user).
  const { createUser } = await import('../../functions/users/users.repo');
  const { testUser } = await import('../support/accounts');
  for (const [v, brand] of [[ids.ma, MA], [ids.cp, CP]] as const) {
    const user = testUser({ _id: `user-tenants-${brand}-${tag}`.toLowerCase(), email: `tenants-${brand}-${tag}@demo.test`.toLowerCase(), passwordHash: 'x', brand, name: `Tenant Victim ${tag}` });
    await createUser(user);
    v.user = user._id;
    v.secrets.push(user.email);
    const { addPasskey } = await import('../../functions/passkeys/passkeys.repo');
    const passkey = randomBytes(16).toString('base64url');
    await addPasskey({ userId: user._id, credentialId: passkey, publicKey: randomBytes(77).toString('base64url'), counter: 0, transports: ['internal'], name: `Victim key ${tag}`, createdAt: new Date().toISOString(), lastUsedAt: null, deviceType: 'multiDevice', backedUp: true, aaguid: '00000000-0000-0000-0000-000000000000' });
    v.passkey = passkey;
    v.secrets.push(`Victim key ${tag}`);
  }
  ids.maUnassigned.user = ids.ma.user;
  ids.maUnassigned.passkey = ids.ma.passkey;

  const files = await ok(`GET /getFiles?name=harrowgate-finch&limit=1`, callRoute('listFiles', { query: { name: 'harrowgate-finch', limit: '1' }, token: tokens.admin }));
  admin.file = files.data[0]!._id;
  admin.fileName = files.data[0]!.fileName;
  const notes = await ok('GET /notifications?limit=1', callRoute('listNotifications', { query: { limit: '1' }, token: tokens.admin }));
  admin.notification = notes.data[0]!._id;
  admin.subject = notes.data[0]!.subject;
}, 120_000);

interface Call {
  name: string;
  method: string;
  path: string;
  body?: unknown;
}

/** The demo brands' verified single sign-on domains (infra/local/demo-sso.ts). */
const ssoDomainOf = (brand: string) => (brand === 'brand-castellane' ? 'castellane.example' : 'maisonaurelle.example');

/** Every id-taking call, with the victim's ids; `own` is the brand the attacker puts in the path where there is one. */
function idCalls(v: Ids, own: string): Call[] {
  return [
    { name: 'retailer periods, victim brand in path', method: 'GET', path: `/RetailerSummaryDays/${v.brand}/${v.retailer}` },
    { name: 'period info, own brand + victim period', method: 'GET', path: `/RetailerScraping/${own}/${v.period}` },
    { name: 'period info, victim brand + victim period', method: 'GET', path: `/RetailerScraping/${v.brand}/${v.period}` },
    { name: 'products of the victim period', method: 'GET', path: `/retailerBrandProductScrapings?retailer_brand_scraping=${v.period}` },
    { name: 'one victim product', method: 'GET', path: `/retailerBrandProductScrapings/${v.product}` },
    { name: 'edit a victim product', method: 'PUT', path: `/retailerBrandProductScrapings/${v.product}`, body: { oh_map_id: 'captured' } },
    { name: 'flag a victim product', method: 'PUT', path: `/updateReatilerBrandProductFlag/${v.product}`, body: { isFlagged: 'yes', message: 'captured', reason: [{ name: 'Other', value: 'Other' }] } },
    { name: 'unflag a victim product', method: 'PUT', path: `/updateReatilerBrandProductFlag/${v.product}`, body: { isFlagged: 'no', message: '', reason: [] } },
    { name: "flag the victim retailer's brand profile", method: 'PUT', path: `/updateBrandFlag/${v.scanInfo}`, body: { isFlagged: 'yes', message: 'captured', reason: [{ name: 'Other', value: 'Other' }] } },
    { name: 'history of a victim product, own brand', method: 'GET', path: `/getRelatedProducts?id=${v.product}&brand=${own}&retailer=${v.retailer}` },
    { name: 'history of a victim product, victim brand', method: 'GET', path: `/getRelatedProducts?id=${v.product}&brand=${v.brand}&retailer=${v.retailer}` },
    { name: 'brand SKU options, victim brand in path', method: 'GET', path: `/getBrandSkus/${v.brand}` },
    { name: 'a victim on-hand serial', method: 'GET', path: `/getBatchItems?retailerId=${v.retailer}&serialNo=${v.serial}` },
    { name: 'a victim on-hand serial, victim brand', method: 'GET', path: `/getBatchItems?retailerId=${v.retailer}&serialNo=${v.serial}&brand=${v.brand}` },
    { name: 'export a tab of the victim period', method: 'GET', path: `/exportFile?retailer_brand_scraping=${v.period}` },
    { name: 'export an on-hand tab of the victim period', method: 'GET', path: `/exportFile?retailer_brand_scraping=${v.period}&filter=all_oh` },
    { name: 'export history of the victim retailer (its brand in the query)', method: 'GET', path: `/getExportHistory/${v.retailer}?brand=${v.brand}` },
    { name: "the victim brand's retailers", method: 'GET', path: `/getRetailers/${v.brand}` },
    { name: "the victim brand's retailer by Opt ID", method: 'GET', path: `/getRetailers/${v.brand}?optId=OPT1001` },
    { name: "the victim brand's assigned reps", method: 'GET', path: `/getAssignedReps?brand=${v.brand}` },
    { name: "the victim brand's retailer records", method: 'GET', path: `/RetailerScraping/${v.brand}` },
    { name: "the victim brand's summary", method: 'GET', path: `/brandRetailerSummary/${v.brand}` },
    { name: "the victim brand's scan dates", method: 'GET', path: `/RetailerSummaryDays/${v.brand}` },
    { name: "the victim brand's catalog", method: 'GET', path: `/brandCatalog/${v.brand}` },
    { name: "the victim brand's catalog, victim serial", method: 'GET', path: `/brandCatalog/${v.brand}?search=${v.serial}` },
    { name: "contacts of the victim retailer (the victim's brand in the query)", method: 'GET', path: `/getContactInfo?brand=${v.brand}&retailer=${v.retailer}` },
    { name: "add a contact to the victim retailer (the victim's brand in the body)", method: 'POST', path: '/addressBooks', body: { brand: v.brand, retailer: v.retailer, firstName: 'Cap', lastName: 'Tured', email: 'captured@attacker.test', role: 'Spy' } },
    { name: 'delete a victim contact', method: 'DELETE', path: `/addressBooks/${v.contact}` },
    { name: "delete a victim contact (the victim's brand in the query)", method: 'DELETE', path: `/addressBooks/${v.contact}?brand=${v.brand}` },
    { name: 'email history of the victim scan info', method: 'GET', path: `/email_history?retailer_brand_scraping=${v.scanInfo}` },
    { name: 'email history of the victim period', method: 'GET', path: `/email_history?retailer_brand_scraping=${v.period}` },
    { name: "the victim brand's canned messages", method: 'GET', path: `/cannedmessages?brand=${v.brand}&limit=10000` },
    { name: "create a canned message in the victim brand (the victim's brand in the body)", method: 'POST', path: '/cannedmessages', body: { name: `Captured ${tag}`, content: '<p>captured</p>', status: 'active', brand: v.brand } },
    { name: 'edit a victim canned message', method: 'PUT', path: `/cannedmessages/${v.canned._id}`, body: { name: `Captured ${tag}`, content: '<p>captured</p>', status: 'inactive', updatedAt: v.canned.updatedAt } },
    { name: "edit a victim canned message (the victim's brand in the body)", method: 'PUT', path: `/cannedmessages/${v.canned._id}`, body: { name: `Captured ${tag}`, content: '<p>captured</p>', status: 'inactive', brand: v.brand, updatedAt: v.canned.updatedAt } },
    { name: 'contact info of the victim period', method: 'POST', path: '/getContactInfoForEmail', body: { retailer_brand_scraping: v.period } },
    { name: "contact info of the victim retailer's brand profile", method: 'POST', path: '/getContactInfoForEmail', body: { retailer_brand_scraping: v.scanInfo } },
    { name: 'email the victim retailer about a victim product', method: 'POST', path: '/contact_retailer?version=1.0.0', body: contactForm(v.period, 'product', [v.product]) },
    { name: "email the victim retailer about its brand profile", method: 'POST', path: '/contact_retailer?version=1.0.0', body: contactForm(v.scanInfo, 'brand', []) },
    { name: 'upload links for images of an email about a victim period', method: 'POST', path: '/contact_retailer/attachments', body: { retailer_brand_scraping: v.period, files: [{ name: 'a.png', type: 'image/png', size: 10 }] } },
    { name: 'B2B links of the victim retailer, victim brand', method: 'GET', path: `/b2bLinks?brand=${v.brand}&retailerId=${v.retailer}&status=all` },
    { name: 'issue a B2B link for the victim retailer, victim brand', method: 'POST', path: `/b2bLinks?brand=${v.brand}`, body: { retailerId: v.retailer } },
    { name: 'revoke a victim B2B link', method: 'DELETE', path: `/b2bLinks/${v.b2bLink}` },
    { name: 'revoke a victim B2B link, victim brand', method: 'DELETE', path: `/b2bLinks/${v.b2bLink}?brand=${v.brand}` },
    { name: "the victim retailer's cases, victim brand in path", method: 'GET', path: `/cases/${v.brand}/${v.retailer}` },
    { name: "the victim retailer's resolved cases, victim brand in path", method: 'GET', path: `/cases/${v.brand}/${v.retailer}?status=resolved` },
    { name: "the victim retailer's case log, victim brand in path", method: 'GET', path: `/caseActivity/${v.brand}/${v.retailer}` },
    { name: "the victim retailer's case log of one kind", method: 'GET', path: `/caseActivity/${v.brand}/${v.retailer}?kind=flagged` },
    { name: 'a victim case', method: 'GET', path: `/case/${v.case}` },
    { name: 'resolve a victim case', method: 'PUT', path: `/case/${v.case}/resolve`, body: { resolution: 'dismissed', reason: 'captured' } },
    { name: "the victim retailer's case links, victim brand in path", method: 'GET', path: `/caseLinks/${v.brand}/${v.retailer}?status=all` },
    { name: 'revoke a victim case link, victim brand in path', method: 'DELETE', path: `/caseLinks/${v.brand}/link/${v.caseLink}` },
    { name: 'revoke a victim case link, own brand in path', method: 'DELETE', path: `/caseLinks/${own}/link/${v.caseLink}` },
    { name: "the victim brand's case settings", method: 'GET', path: `/caseSettings/${v.brand}` },
    { name: "save the victim brand's case settings", method: 'PUT', path: `/caseSettings/${v.brand}`, body: { tolerancePercent: 50, toleranceAmount: 0, overdueDays: 1, escalation: 'send', escalationMessageId: null, rev: 0 } },
    { name: "the victim brand's single sign-on settings", method: 'GET', path: `/sso/${v.brand}` },
    { name: "check the victim brand's single sign-on domain (its TXT record)", method: 'POST', path: `/sso/${v.brand}/domains/${ssoDomainOf(v.brand)}/verify` },
    { name: "take over the victim brand's single sign-on (issuer, secret, domains)", method: 'PUT', path: `/sso/${v.brand}`, body: { protocol: 'oidc', issuer: 'https://attacker.example', clientId: 'captured', clientSecret: 'captured-secret', domains: [`captured-${tag}.example`.toLowerCase()], jit: 'create', mandatory: false } },
    { name: "the accounts the victim brand's single sign-on spares", method: 'GET', path: `/sso/${v.brand}/accounts` },
    { name: "the accounts the victim brand's single sign-on spares, a page on", method: 'GET', path: `/sso/${v.brand}/accounts?limit=1&cursor=${Buffer.from(JSON.stringify([null])).toString('base64url')}` },
    { name: "the victim retailer's second notice, victim brand in path", method: 'GET', path: `/secondNotice/${v.brand}/${v.retailer}` },
    { name: "send the victim retailer's second notice, victim brand in path", method: 'POST', path: `/secondNotice/${v.brand}/${v.retailer}`, body: { requestId: `tenants-${tag}` } },
    { name: "export the victim retailer's case log, victim brand in path", method: 'POST', path: `/caseActivity/${v.brand}/${v.retailer}/export`, body: {} },
    { name: "export the victim retailer's case log of one kind, victim brand in path", method: 'POST', path: `/caseActivity/${v.brand}/${v.retailer}/export`, body: { kind: 'flagged' } },
    { name: "a victim product's case, victim brand in path", method: 'GET', path: `/productCase/${v.brand}/${v.retailer}?style_number=${encodeURIComponent(v.caseStyle)}` },
    // Named without "victim brand": a User's unassigned retailer of their own brand is walked with it too.
    { name: "the victim retailer's evidence pack (PDF), its brand in the path", method: 'GET', path: `/caseEvidencePack/${v.brand}/${v.retailer}` },
    ...usersTabCalls(v),
    { name: "change the victim brand's colours and BCC (victim brand in the path)", method: 'PUT', path: `/brands/${v.brand}`, body: { colors: { bgColor: '#000000', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#000000' }, company_email_bcc: `captured-${tag}@attacker.test` } },
    { name: "the victim brand's monthly report (victim brand in the path)", method: 'GET', path: `/report_summary/${v.brand}?month=${String(new Date().getUTCMonth() + 1).padStart(2, '0')}-${new Date().getUTCFullYear()}` },
    { name: "import contacts into the victim brand", method: 'POST', path: `/addressBook/import/${v.brand}`, body: contactsImportForm(SHARED_RETAILER_NAME) },
    { name: "the progress of a victim brand's import", method: 'GET', path: `/addressBook/import/${v.brand}/${v.contactsFile}` },
    { name: "the progress of a victim import, own brand", method: 'GET', path: `/addressBook/import/${own}/${v.contactsFile}` },
    { name: "read headers for the victim brand (its brand in the form)", method: 'POST', path: '/getAddressBookHeaders', body: (() => { const fd = contactsImportForm('x'); fd.append('brand', v.brand); return fd; })() },
    { name: "export the victim brand's contacts (csv)", method: 'GET', path: `/addressBook/export/${v.brand}?fileType=csv` },
    { name: "export the victim brand's contacts (xlsx)", method: 'GET', path: `/addressBook/export/${v.brand}?fileType=xlsx` },
    { name: "the victim brand's contact count", method: 'GET', path: `/addressBook/getContactCount/${v.brand}` },
    { name: "the victim brand's catalogue (golden record)", method: 'GET', path: `/catalog/${v.brand}/products` },
    { name: "the victim brand's catalogue, a search", method: 'GET', path: `/catalog/${v.brand}/products?search=MA&limit=1` },
    { name: "the victim brand's catalogue files and their problems", method: 'GET', path: `/catalog/${v.brand}/imports` },
    { name: "an upload link into the victim brand's catalogue", method: 'POST', path: `/catalog/${v.brand}/upload`, body: { fileName: 'captured.csv', size: 100 } },
    { name: "the victim period's suggestions, victim brand in path", method: 'GET', path: `/suggestions/${v.brand}/${v.period}` },
    { name: "the victim period's suggestions, own brand in path", method: 'GET', path: `/suggestions/${own}/${v.period}?status=dismissed` },
    { name: "check the victim period again, victim brand in path", method: 'POST', path: `/suggestions/${v.brand}/${v.period}/check` },
    { name: "check the victim period again, own brand in path", method: 'POST', path: `/suggestions/${own}/${v.period}/check` },
    { name: "dismiss a suggestion of the victim period, own brand in path", method: 'POST', path: `/suggestions/${own}/${v.period}/${'A'.repeat(44)}/dismiss`, body: { reason: 'captured' } },
    { name: "flag a suggestion of the victim period, victim brand in path", method: 'POST', path: `/suggestions/${v.brand}/${v.period}/${'A'.repeat(44)}/flag`, body: {} },
    { name: "the victim brand's import history", method: 'GET', path: `/importexportaddressBook/${v.brand}?type=addressBook&uploadType=import` },
    { name: "the victim brand's export history", method: 'GET', path: `/importexportaddressBook/${v.brand}?type=addressBook&uploadType=export` },
    { name: 'download a victim contacts file', method: 'GET', path: `/addressBook/downloadFile/${v.contactsFile}` },
    { name: 'download a victim contacts file (the victim brand in the query)', method: 'GET', path: `/addressBook/downloadFile/${v.contactsFile}?brand=${v.brand}` },
    { name: 'download a victim contacts file (own brand in the query)', method: 'GET', path: `/addressBook/downloadFile/${v.contactsFile}?brand=${own}` },
    ...basketCalls(v).map((c) => ({ ...c, name: `${c.name}, victim brand`, path: `${c.path}${c.path.includes('?') ? '&' : '?'}brand=${v.brand}` })),
  ];
}

/** The Users tab of Settings on the victim brand and a victim user (000 §6, §7). */
function usersTabCalls(v: Ids): Call[] {
  const edit = { firstname: 'Cap', lastname: 'Tured', roles: ['role-brand-admin'], associated_retailers: [v.retailer], notify: false };
  return [
    { name: "the victim brand's users", method: 'GET', path: `/users?brand=${v.brand}` },
    { name: "the victim brand's retailers for the Users tab", method: 'GET', path: `/getRetailersForUsersTab/${v.brand}` },
    { name: 'add a user to the victim brand, victim brand', method: 'POST', path: `/registerAndNotify?brand=${v.brand}`, body: { firstname: 'Cap', lastname: 'Tured', email: `captured-${tag}@attacker.test`, roles: ['role-user'], associated_retailers: [] } },
    ...(v.user
      ? [
          { name: 'edit a victim user', method: 'PUT', path: `/users/${v.user}`, body: edit },
          { name: 'edit a victim user, victim brand', method: 'PUT', path: `/users/${v.user}?brand=${v.brand}`, body: edit },
          { name: "assign a victim user's retailers", method: 'PUT', path: `/users/${v.user}`, body: { associated_retailers: [] } },
          { name: "a victim user's My Account", method: 'PUT', path: `/users/${v.user}`, body: { name: 'Captured', user_email_bcc: `captured-${tag}@attacker.test` } },
          { name: 'delete a victim user', method: 'DELETE', path: `/removeAndNotify/${v.user}` },
          { name: 'delete a victim user, victim brand', method: 'DELETE', path: `/removeAndNotify/${v.user}?brand=${v.brand}` },
        ]
      : []),
    ...(v.passkey
      ? [
          { name: "remove a victim user's passkey", method: 'DELETE', path: `/passkeys/${v.passkey}` },
          { name: "rename a victim user's passkey", method: 'PUT', path: `/passkeys/${v.passkey}`, body: { name: 'Captured' } },
        ]
      : []),
  ];
}

/** The basket calls on the victim retailer (and serial); the caller's own brand unless a brand is added. */
function basketCalls(v: Ids): Call[] {
  return [
    { name: 'a basket of the victim retailer', method: 'GET', path: `/basket/${v.retailer}` },
    { name: 'which victim serials are in a basket', method: 'GET', path: `/basket/${v.retailer}/has?serialNo=${v.serial}` },
    { name: 'add a victim serial to a basket', method: 'POST', path: `/basket/${v.retailer}/items`, body: { serialNo: [v.serial] } },
    { name: 'remove a victim serial from a basket', method: 'DELETE', path: `/basket/${v.retailer}/items/${v.serial}` },
    { name: 'clear a basket of the victim retailer', method: 'DELETE', path: `/basket/${v.retailer}` },
    { name: 'export a basket of the victim retailer', method: 'POST', path: '/exportBucketData', body: { retailerId: v.retailer } },
  ];
}

/** A valid contact form (POST /contact_retailer) about the victim's scan: only the tenant rule may refuse it. */
function contactForm(scan: string, source: 'brand' | 'product', products: string[]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ subject: `Tenants ${tag}`, message: '<p>captured</p>', source, retailer_brand_scraping: scan, requestId: `tenants-${randomBytes(8).toString('hex')}` })) fd.append(k, v);
  fd.append('to[]', `attacker-${tag}@evil.example`);
  for (const p of products) fd.append('products[]', p);
  return fd;
}

/** A contacts import (Settings → Contacts) of one row at `store`. */
function contactsImportForm(store: string): FormData {
  const fd = new FormData();
  fd.append('rules', JSON.stringify({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', retailer: 'Store Name', role: 'Role' }));
  fd.append('file', new Blob([`First Name,Last Name,Email,Store Name,Role\r\nCap,Tured,captured-${tag}@attacker.test,${store},Spy\r\n`]), 'tenants.csv');
  fd.append('flag', 'update');
  return fd;
}

function adminCalls(): Call[] {
  return [
    { name: 'a file', method: 'GET', path: `/getFiles/${admin.file}` },
    { name: 'files of the same period', method: 'GET', path: `/samePeriodFiles/${admin.file}` },
    { name: 'file data', method: 'GET', path: `/getFileData/${admin.file}` },
    { name: 'mark a file needs attention', method: 'POST', path: '/upload/NeedAttention', body: { _id: admin.file } },
    { name: 'approve a file', method: 'GET', path: `/upload/approveStatus?_id=${admin.file}` },
    { name: 'mark a notification seen', method: 'PUT', path: `/notifications/${admin.notification}`, body: { seenFlag: true } },
    { name: "the admin's list of users", method: 'GET', path: '/users?keyword=admin&sort=email;asc' },
    { name: 'add a user of any brand (Manage Users)', method: 'POST', path: '/users', body: { name: 'Cap Tured', email: `captured-admin-${tag}@attacker.test`, password: 'Captured-1', brand: 'brand-maison-aurelle', roles: ['role-admin'] } },
    // The admin Retailer List (its own values sent back: a failed refusal would change nothing).
    { name: 'a page of retailers', method: 'GET', path: '/retailers?page=1&limit=100' },
    { name: 'add a retailer', method: 'POST', path: '/retailers', body: { name: `Tenant Store ${tag}`, optId: `TEN${tag}`, slug: `tenant-store-${tag.toLowerCase()}`, website: 'https://tenant.example' } },
    { name: 'edit a retailer', method: 'PUT', path: `/retailers/${UNASSIGNED._id}`, body: { name: UNASSIGNED.name, optId: UNASSIGNED.optId, slug: 'northbay-luxury', website: 'https://northbay.example' } },
    { name: 'delete a retailer', method: 'DELETE', path: `/retailers/${UNASSIGNED._id}` },
    // The User Retailer List and Permissions (the demo brand's own list sent back: a failed refusal would change nothing).
    { name: "a brand's allowed retailers (User Retailer List)", method: 'PUT', path: `/brands/${MA}`, body: { retailers: [{ retailer: SHARED_RETAILER, flag: true }] } },
    { name: 'the brands carrying a retailer (Permissions)', method: 'GET', path: `/BrandRetailerExport?retailer=${SHARED_RETAILER}&exportFlag=false` },
    { name: 'the retailers a brand carries (Permissions)', method: 'GET', path: `/BrandRetailerExport?brand=${CP}&exportFlag=false` },
    { name: 'the Permissions export', method: 'GET', path: `/BrandRetailerExport?retailer=${SHARED_RETAILER}&exportFlag=true` },
  ];
}

async function expectRefused(token: string, c: Call, secrets: string[]): Promise<void> {
  const res = await rawApi(c.method, c.path, { token, body: c.body });
  expect([403, 404], `${c.name}: ${c.method} ${c.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.status);
  expect(typeof errorBody(res).message).toBe('string');
  const text = JSON.stringify(res.body);
  for (const s of secrets) expect(text, `${c.name} leaks "${s}"`).not.toContain(s);
}

describe("another brand's real ids", () => {
  it("Castellane Paris's admin gets nothing of Maison Aurelle's periods, products and on-hand items", async () => {
    for (const c of idCalls(ids.ma, CP)) await expectRefused(tokens.cpAdmin, c, [...ids.ma.secrets, 'Maison Aurelle']);
  });

  it("Maison Aurelle's admin and user get nothing of Castellane Paris's periods, products and on-hand items", async () => {
    for (const who of ['maAdmin', 'maUser'] as const) for (const c of idCalls(ids.cp, MA)) await expectRefused(tokens[who], c, ids.cp.secrets);
  });

  it('the ids are real: their owner reads them (the refusals above are not for unknown ids)', async () => {
    for (const [token, v] of [
      [tokens.maAdmin, ids.ma],
      [tokens.cpAdmin, ids.cp],
      [tokens.maAdmin, ids.maUnassigned],
    ] as const) {
      expect((await callRoute('getRetailerScraping', { params: { brandId: v.brand, id: v.period }, token })).status).toBe(200);
      expect((await callRoute('getProductScraping', { params: { id: v.product }, token })).status).toBe(200);
      expect((await callRoute('getBatchItems', { query: { retailerId: v.retailer, serialNo: v.serial }, token })).status).toBe(200);
      expect((await callRoute('getEmailHistory', { query: { retailer_brand_scraping: v.scanInfo }, token })).status).toBe(200);
      expect((await callRoute('getContactInfo', { query: { brand: v.brand, retailer: v.retailer }, token })).status).toBe(200);
      const canned = await callRoute('listCannedMessages', { query: { brand: v.brand, limit: '10000' }, token });
      expect(canned.body.data.find((m) => m._id === v.canned._id), `${v.brand} canned message untouched`).toMatchObject({ updatedAt: v.canned.updatedAt });
      expect((await callRoute('downloadContactsFile', { params: { id: v.contactsFile }, token })).status).toBe(200);
      // The victim case is still open, unchanged by the refused resolve.
      const c = await callRoute('getCase', { params: { caseId: v.case }, token });
      expect(c.status).toBe(200);
      expect(c.body.data).toMatchObject({ status: 'open', resolution: null });
      // The victim brand's case settings are unchanged by the refused save.
      const caseSettings = (await callRoute('getCaseSettings', { params: { brandId: v.brand }, token })).body.data;
      expect(caseSettings, `${v.brand} case settings`).toMatchObject({ tolerancePercent: 0 });
      expect(caseSettings.overdueDays, `${v.brand} case settings`).not.toBe(1);
      // The victim brand's single sign-on is untouched by the refused takeover, and the domain was not reserved.
      const sso = await callRoute('getSso', { params: { brandId: v.brand }, token });
      expect(sso.status).toBe(200);
      expect(sso.body.issuer, `${v.brand} SSO`).not.toBe('https://attacker.example');
      expect(sso.body.domainStatus.find((d) => d.domain === ssoDomainOf(v.brand))?.status, `${v.brand} SSO domain`).toBe('verified');
      expect((await callRoute('loginMethod', { body: { email: `x@captured-${tag}.example`.toLowerCase() } })).body).toEqual({ method: 'password' });
      // The product page's read of it answers its owner.
      const productCase = await callRoute('getProductCase', { params: { brandId: v.brand, retailerId: v.retailer }, query: { style_number: v.caseStyle }, token });
      expect(productCase.body.data?._id, `${v.brand} product case`).toBe(v.case);
      // The victim case link is still active, unchanged by the refused revokes.
      const caseLinks = await callRoute('listCaseLinks', { params: { brandId: v.brand, retailerId: v.retailer }, query: { status: 'all', limit: '100' }, token });
      expect(caseLinks.body.data.find((l) => l._id === v.caseLink)?.status, `${v.brand} ${v.retailer} case link`).toBe('active');
      const links = await callRoute('listB2bLinks', { query: { brand: v.brand, retailerId: v.retailer, limit: '100' }, token });
      expect(links.body.data.find((l) => l._id === v.b2bLink)?.status, `${v.brand} ${v.retailer} link`).toBe('active');
      // The victim user is still there, unchanged by the refused edits and deletes.
      const users = await callRoute('listUsers', { query: { brand: v.brand, limit: '1000' }, token });
      expect(users.body.data.find((u) => u._id === v.user), `${v.brand} user`).toMatchObject({ name: `Tenant Victim ${tag}`, roles: [{ name: 'User' }] });
      // The victim user's passkey is still there, unchanged by the refused remove and rename.
      const { listPasskeys } = await import('../../functions/passkeys/passkeys.repo');
      expect((await listPasskeys(v.user!)).map((p) => [p.credentialId, p.name]), `${v.brand} passkey`).toEqual([[v.passkey, `Victim key ${tag}`]]);
    }
    expect((await callRoute('getFile', { params: { fId: admin.file }, token: tokens.admin })).status).toBe(200);
  });

  it("an email change's link is its user's own: another tenant's session (the site admin's too) is refused it, and the victim's address stays (issue 36)", async () => {
    const { createEmailChangeLink } = await import('../../functions/auth/links');
    for (const v of [ids.ma, ids.cp]) {
      const { getUser } = await import('../../functions/users/users.repo');
      const before = (await getUser(v.user!))!;
      const link = await createEmailChangeLink(v.user!, before.email, `captured-${tag}-${v.brand}@attacker.test`.toLowerCase(), Date.now());
      const token = new URL(link).searchParams.get('token')!;
      for (const [who, t] of Object.entries(tokens)) {
        const res = await callRoute('confirmEmailChange', { token: t, body: { token } });
        expect(res.status, `${who} confirms ${v.brand}'s change`).toBe(410);
      }
      expect((await getUser(v.user!))?.email).toBe(before.email);
    }
  });

  it("a passkey is its user's own: even the site admin's remove and rename of another user's passkey answer 404", async () => {
    for (const v of [ids.ma, ids.cp]) {
      for (const c of [
        { name: "remove a user's passkey", method: 'DELETE', path: `/passkeys/${v.passkey}` },
        { name: "rename a user's passkey", method: 'PUT', path: `/passkeys/${v.passkey}`, body: { name: 'Captured' } },
      ]) {
        const res = await rawApi(c.method, c.path, { token: tokens.admin, body: c.body });
        expect(res.status, c.name).toBe(404);
      }
      const { listPasskeys } = await import('../../functions/passkeys/passkeys.repo');
      expect((await listPasskeys(v.user!)).map((p) => p.name)).toEqual([`Victim key ${tag}`]);
    }
  });

  it("the shared retailer's Address Book shows each brand its own contacts only, and the victim's contacts are all still there", async () => {
    const cp = await ok(`GET /getContactInfo?retailer=${SHARED_RETAILER}&limit=1000`, callRoute('getContactInfo', { query: { retailer: SHARED_RETAILER, limit: '1000' }, token: tokens.cpAdmin }));
    const ma = await ok(`GET /getContactInfo?retailer=${SHARED_RETAILER}&limit=1000`, callRoute('getContactInfo', { query: { retailer: SHARED_RETAILER, limit: '1000' }, token: tokens.maAdmin }));
    expect(cp.retailer_contacts.map((c) => c._id)).toContain(ids.cp.contact);
    expect(cp.retailer_contacts.map((c) => c._id)).not.toContain(ids.ma.contact);
    expect(ma.retailer_contacts.map((c) => c._id)).toContain(ids.ma.contact);
    expect(ma.retailer_contacts.map((c) => c._id)).not.toContain(ids.cp.contact);
    expect(JSON.stringify([cp, ma])).not.toContain('captured@attacker.test');
  });

  it('no brand account reaches the files and notifications of the post office (real ids)', async () => {
    for (const who of ['maAdmin', 'maUser', 'cpAdmin'] as const) for (const c of adminCalls()) await expectRefused(tokens[who], c, [admin.fileName, admin.subject]);
    const retailers = await ok('GET /retailers', callRoute('listRetailers', { token: tokens.admin }));
    expect(retailers.data.find((r) => r._id === UNASSIGNED._id)).toMatchObject({ name: UNASSIGNED.name, slug: 'northbay-luxury' });
    expect(retailers.data.some((r) => r.name === `Tenant Store ${tag}`)).toBe(false);
  });
});

describe("a B2B portal session of Maison Aurelle's Harrowgate & Finch", () => {
  let portal = '';
  beforeAll(async () => {
    const link = await callRoute('createB2bLink', { query: { brand: MA }, token: tokens.maAdmin, body: { retailerId: SHARED_RETAILER, expiresInDays: 1 } });
    const res = await callRoute('openB2bPortal', { body: { token: link.body.data.url.split('#t=')[1] } });
    expect(res.status).toBe(200);
    portal = res.body.token;
  });

  it("gets nothing of Castellane Paris's ids at the same retailer, nor of another retailer of its own brand", async () => {
    for (const c of idCalls(ids.cp, MA)) await expectRefused(portal, c, ids.cp.secrets);
    for (const c of [...idCalls(ids.maUnassigned, MA), { name: 'retailer info by id', method: 'GET', path: `/RetailerScraping/${MA}/${UNASSIGNED._id}` }]) await expectRefused(portal, c, ids.maUnassigned.secrets);
  });

  it('reaches nothing of its own retailer but the All OH list, the period list and a basket of its own', async () => {
    // Its own retailer's basket is the portal's own (owner PORTAL#<link>): those calls answer, on an empty basket.
    const own = idCalls(ids.ma, MA).filter((c) => c.path !== `/RetailerSummaryDays/${MA}/${SHARED_RETAILER}` && !c.path.startsWith(`/basket/${SHARED_RETAILER}`));
    for (const c of own) await expectRefused(portal, c, []);
    const basket = await callRoute('getBasket', { params: { retailerId: SHARED_RETAILER }, token: portal });
    expect(basket.status).toBe(200);
    expect(basket.body.totalCount).toBe(0);
    expect((await callRoute('listProductScrapings', { query: { retailer_brand_scraping: ids.ma.period, filter: 'all_oh' }, token: portal })).status).toBe(200);
    expect((await callRoute('listRetailerPeriods', { params: { brandId: MA, retailerId: SHARED_RETAILER }, token: portal })).status).toBe(200);
  });
});

describe("a plain User's unassigned retailer (Northbay Luxury, same brand)", () => {
  it('every id-taking call on its periods, products and on-hand items is refused without a trace of it', async () => {
    const calls = [
      ...idCalls(ids.maUnassigned, MA).filter((c) => !c.name.includes('victim brand')),
      ...basketCalls(ids.maUnassigned),
      { name: 'retailer info by id', method: 'GET', path: `/RetailerScraping/${MA}/${UNASSIGNED._id}` },
    ];
    for (const c of calls) await expectRefused(tokens.maUser, c, ids.maUnassigned.secrets);
  });

  it('lists of the brand leave it out', async () => {
    for (const path of [`/users?brand=${MA}&limit=1000`, `/getRetailersForUsersTab/${MA}`, `/RetailerScraping/${MA}`, `/brandRetailerSummary/${MA}`, `/getRetailers/${MA}`, `/getRetailers/${MA}?optId=${UNASSIGNED.optId}`, `/brandCatalog/${MA}?limit=100`, `/brandCatalog/${MA}?search=${ids.maUnassigned.serial}`]) {
      const res = await rawApi('GET', path, { token: tokens.maUser });
      expect(res.status, path).toBe(200);
      const text = JSON.stringify(res.body);
      for (const s of [UNASSIGNED.name, UNASSIGNED.optId, UNASSIGNED._id]) expect(text, `${path} shows ${s}`).not.toContain(s);
    }
  });
});

describe('baskets are per user', () => {
  it("what one account puts in its basket is never in another's, same brand or not, same retailer", async () => {
    const add = await callRoute('addBasketItems', { params: { retailerId: SHARED_RETAILER }, token: tokens.maAdmin, body: { serialNo: [ids.ma.serial] } });
    expect(add.status).toBe(200);
    const mine = await callRoute('getBasket', { params: { retailerId: SHARED_RETAILER }, query: { limit: '100' }, token: tokens.maAdmin });
    expect(mine.body.data.map((i) => i.serialNo)).toContain(ids.ma.serial);
    for (const who of ['maUser', 'cpAdmin'] as const) {
      const res = await callRoute('getBasket', { params: { retailerId: SHARED_RETAILER }, query: { limit: '100' }, token: tokens[who] });
      expect(res.status, who).toBe(200);
      expect(JSON.stringify(res.body), who).not.toContain(ids.ma.serial);
      const has = await callRoute('getBasketHas', { params: { retailerId: SHARED_RETAILER }, query: { serialNo: ids.ma.serial }, token: tokens[who] });
      expect(has.body, who).toEqual({ data: [] });
      // Removing it from their own basket does not touch the owner's.
      expect((await callRoute('removeBasketItem', { params: { retailerId: SHARED_RETAILER, serialNo: ids.ma.serial }, token: tokens[who] })).status, who).toBe(404);
    }
    expect((await callRoute('getBasketHas', { params: { retailerId: SHARED_RETAILER }, query: { serialNo: ids.ma.serial }, token: tokens.maAdmin })).body).toEqual({ data: [ids.ma.serial] });
    expect((await callRoute('removeBasketItem', { params: { retailerId: SHARED_RETAILER, serialNo: ids.ma.serial }, token: tokens.maAdmin })).status).toBe(200);
  });
});
