/**
 * Settings → Contacts against the local stack (000 §2, §5, §7, §8): POST /getAddressBookHeaders,
 * POST /addressBook/import/{brandId} (+ its progress), GET /addressBook/export/{brandId} (a job:
 * 202, followed through GET /exportFile/{jobId}),
 * GET /addressBook/getContactCount/{brandId}, GET /importexportaddressBook/{brandId},
 * GET /addressBook/downloadFile/{id}, on a brand, retailers and users of this file's own.
 * Files: CSV with a BOM, semicolons and quotes; xlsx; a zip bomb; a renamed program; rejected
 * rows and look-alike store names; the same import twice; 40 at once; an interrupted import.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_IO_MSG as M } from '../../shared/messages/contacts-import';
import { CONTACTS_IO_LIMITS } from '../../shared/schemas/contacts-import';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { seedBrand } from '../support/brands';
import { callRoute, errorBody, login, stack } from '../support/api';
import { makeZip } from '../support/zip';
import { followExportJob } from '../support/export-jobs';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-ci-${tag}`, name: `Import House ${tag}`, slug: `import-house-${tag}` };
const retailer = (n: string, name: string) => ({ _id: `ret-ci${n}-${tag}`, name, optId: `CI${n}${tag}`.toUpperCase(), slug: `ci${n}-${tag}`, website: `https://ci${n}.example` });
const R1 = retailer('1', `Maison Lumière ${tag}`);
const R2 = retailer('2', `Harrow & Co ${tag}`);
const ROFF = retailer('3', `Switched Off ${tag}`);
const RNOT = retailer('4', `Not Carried ${tag}`);
const PASSWORD = 'Citest-2031!';
const users = {
  admin: { _id: `user-ci-admin-${tag}`, email: `ci-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user: { _id: `user-ci-user-${tag}`, email: `ci-user-${tag}@demo.test` },
  rep: { _id: `user-ci-rep-${tag}`, email: `ci-rep-${tag}@demo.test`, associated_retailers: [R1._id] },
  gone: { _id: `user-ci-gone-${tag}`, email: `ci-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<keyof typeof users | 'siteAdmin' | 'other', string>;

const RULES = { firstName: 'First Name', lastName: 'Last Name', email: 'Email', retailer: 'Store Name', role: 'Role' };

function form(file: Buffer | string, name: string, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(typeof file === 'string' ? Buffer.from(file) : file)]), name);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}
const headers = (token: string, file: Buffer | string, name = 'contacts.csv') => callRoute('getAddressBookHeaders', { token, body: form(file, name) });
const importFile = (token: string, file: Buffer | string, opts: { name?: string; flag?: string; rules?: unknown; importId?: string; brand?: string } = {}) =>
  callRoute('importContacts', { params: { brandId: opts.brand ?? B._id }, token, body: form(file, opts.name ?? 'contacts.csv', { rules: JSON.stringify(opts.rules ?? RULES), flag: opts.flag ?? 'ignore', ...(opts.importId ? { importId: opts.importId } : {}) }) });
const count = async (token = tokens.admin) => {
  const res = await callRoute('getContactCount', { token, params: { brandId: B._id } });
  expect(res.status).toBe(200);
  return res.body.contactCount;
};
const retailerContacts = async (r: string) => (await callRoute('getContactInfo', { token: tokens.admin, query: { retailer: r, limit: 100 } })).body;

const csv = (rows: string[][], sep = ',') => rows.map((r) => r.map((c) => (/[",;\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(sep)).join('\r\n') + '\r\n';
const HEAD = ['First Name', 'Last Name', 'Email', 'Store Name', 'Role'];
const people = (prefix: string, n: number, store = R1.name) => Array.from({ length: n }, (_, i) => [`First${i}`, `Last${i}`, `${prefix}-${i}-${tag}@x.test`, store, 'Buyer']);

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Contacts');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand(B, [R1, R2, ROFF, RNOT], [
    { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: R2._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
  ]);
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, users));
  tokens.siteAdmin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
}, 120_000);

describe('POST /getAddressBookHeaders', () => {
  it('reads the headers and the row count of a CSV with a BOM, semicolons and quoted cells', async () => {
    const text = '\uFEFF' + csv([HEAD, ['Ann', "O'Hara; Jr", `ann-${tag}@x.test`, R1.name, 'Buyer, "lead"']], ';');
    const res = await headers(tokens.admin, text);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ data: HEAD, count: 1 });
  });

  it('reads an xlsx (the first worksheet)', async () => {
    const res = await headers(tokens.admin, await xlsx([HEAD, ...people('hx', 3)]), 'contacts.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ data: HEAD, count: 3 });
  });

  it('answers a message and no count for a file with headers only', async () => {
    const res = await headers(tokens.admin, csv([HEAD]));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: M.noRows, data: { data: HEAD, count: 0 } });
  });

  it('refuses a renamed program (415), by its bytes, whatever its name', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(2048)]);
    for (const name of ['contacts.csv', 'contacts.xlsx']) {
      const res = await headers(tokens.admin, exe, name);
      expect(res.status, name).toBe(415);
      expect(errorBody(res).message).toBe(M.fileType);
    }
  });

  it('refuses an xlsx zip bomb before inflating it: sizes declared too large, or an entry lying about its size', async () => {
    const base = [
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ];
    const honest = makeZip([...base, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(CONTACTS_IO_LIMITS.maxUncompressedBytes + 1024) }]);
    expect(honest.length).toBeLessThan(CONTACTS_IO_LIMITS.maxFileBytes);
    const lying = makeZip([...base, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024), declaredSize: 1000 }]);
    for (const [what, file] of [['honest', honest], ['lying', lying]] as const) {
      const res = await headers(tokens.admin, file, 'bomb.xlsx');
      expect(res.status, what).toBe(400);
      expect(errorBody(res).message, what).toBe(M.zipTooLarge);
    }
  });

  it('refuses a file over the size limit (413) and no file (400)', async () => {
    const big = csv([HEAD]) + 'x'.repeat(CONTACTS_IO_LIMITS.maxFileBytes);
    const res = await headers(tokens.admin, big);
    expect(res.status).toBe(413);
    expect(errorBody(res).message).toBe(M.fileTooLarge(CONTACTS_IO_LIMITS.maxFileBytes / 1024 / 1024));
    const none = await callRoute('getAddressBookHeaders', { token: tokens.admin, body: (() => { const f = new FormData(); f.append('brand', B._id); return f; })() });
    expect(none.status).toBe(400);
    expect(errorBody(none).message).toBe(M.fileRequired);
  });

  it('refuses a plain User (403), a deleted account (401), and another brand named in the form (403)', async () => {
    expect((await headers(tokens.user, csv([HEAD]))).status).toBe(403);
    expect((await headers(tokens.gone, csv([HEAD]))).status).toBe(401);
    const fd = form(csv([HEAD]), 'c.csv', { brand: B._id });
    expect((await callRoute('getAddressBookHeaders', { token: tokens.other, body: fd })).status).toBe(403);
  });
});

describe('POST /addressBook/import/{brandId}', () => {
  it('imports (ignore), shows the contacts in the Address Book at once, keeps the counts, and twice makes no duplicates', async () => {
    const before = await count();
    const rows = [...people('imp', 5), ...people('imp2', 2, R2.name.toUpperCase())];
    const file = csv([HEAD, ...rows]);
    const res = await importFile(tokens.admin, file);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.imported);
    expect(res.body.data).toMatchObject({ status: 'done', total: 7, done: 7, created: 7, updated: 0, ignored: 0, rejected: 0, rejectedFileId: null });
    expect(await count()).toBe(before + 7);
    const r1 = await retailerContacts(R1._id);
    expect(r1.retailer_contacts.map((c) => c.email)).toEqual(expect.arrayContaining(people('imp', 5).map((p) => p[2])));
    expect((await retailerContacts(R2._id)).totalCount).toBe(2);

    const again = await importFile(tokens.admin, file);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, ignored: 7 });
    expect(await count()).toBe(before + 7);
    expect((await retailerContacts(R1._id)).totalCount).toBe(r1.totalCount);
  });

  it("'update' overwrites names and role; 'ignore' keeps the existing; the address's case does not make a new contact", async () => {
    const email = `upd-${tag}@x.test`;
    await importFile(tokens.admin, csv([HEAD, ['Old', 'Name', email, R1.name, 'Buyer']]));
    const before = await count();
    const ign = await importFile(tokens.admin, csv([HEAD, ['New', 'Person', email.toUpperCase(), R1.name, 'Director']]), { flag: 'ignore' });
    expect(ign.body.data).toMatchObject({ created: 0, ignored: 1 });
    let c = (await retailerContacts(R1._id)).retailer_contacts.find((x) => x.email.toLowerCase() === email);
    expect(c).toMatchObject({ firstName: 'Old', lastName: 'Name', role: 'Buyer' });
    const upd = await importFile(tokens.admin, csv([HEAD, ['New', 'Person', email.toUpperCase(), R1.name, 'Director']]), { flag: 'update' });
    expect(upd.body.data).toMatchObject({ created: 0, updated: 1 });
    c = (await retailerContacts(R1._id)).retailer_contacts.find((x) => x.email.toLowerCase() === email);
    expect(c).toMatchObject({ firstName: 'New', lastName: 'Person', role: 'Director' });
    expect(await count()).toBe(before);
  });

  it('refuses rows one by one with a downloadable list of why: bad or missing fields, unknown, switched-off and look-alike store names, a row twice', async () => {
    const ok = `ok-${tag}@x.test`;
    const rows = [
      ['Good', 'Row', ok, `  ${R1.name.toLowerCase()} `, 'Buyer'],
      ['Bad', 'Email', 'not-an-email', R1.name, 'Buyer'],
      ['', 'NoFirst', `nf-${tag}@x.test`, R1.name, 'Buyer'],
      ['No', 'Role', `nr-${tag}@x.test`, R1.name, ''],
      ['No', 'Store', `ns-${tag}@x.test`, '', 'Buyer'],
      ['Un', 'Known', `uk-${tag}@x.test`, RNOT.name, 'Buyer'],
      ['Sw', 'Off', `so-${tag}@x.test`, ROFF.name, 'Buyer'],
      ['Look', 'Alike', `la1-${tag}@x.test`, R1.name.replace('è', 'e'), 'Buyer'],
      ['Look', 'Alike', `la2-${tag}@x.test`, R1.name.replace('a', '\u0430'), 'Buyer'],
      ['Look', 'Alike', `la3-${tag}@x.test`, R1.name.replace(' ', '  '), 'Buyer'],
      ['Look', 'Alike', `la4-${tag}@x.test`, R1.name.replace(' ', ' \u200b'), 'Buyer'],
      ['Twice', 'Row', ok.toUpperCase(), R1.name, 'Buyer'],
    ];
    const before = await count();
    const res = await importFile(tokens.admin, csv([HEAD, ...rows]));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.uploaded);
    expect(res.body.data).toMatchObject({ total: 12, created: 1, rejected: 11 });
    expect(await count()).toBe(before + 1);
    const emails = (await retailerContacts(R1._id)).retailer_contacts.map((c) => c.email);
    expect(emails).toContain(ok);
    for (const r of rows.slice(1)) expect(emails).not.toContain(r[2]);

    const link = await callRoute('downloadContactsFile', { token: tokens.admin, params: { id: res.body.data.rejectedFileId! } });
    expect(link.status).toBe(200);
    expect(link.body.data.fileName).toMatch(/rejected rows\.csv$/);
    const text = await (await fetch(link.body.data.url)).text();
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('Row,First Name,Last Name,Email,Store Name,Role,Reason');
    expect(lines).toHaveLength(12);
    expect(text).toContain('Invalid Email Address');
    expect(text).toContain('First name is required.');
    expect(text).toContain('Role is required.');
    expect(text).toContain(M.storeRequired);
    // Reasons with quotes are quoted cells (quotes doubled).
    const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;
    expect(text).toContain(quoted(M.storeUnknown(RNOT.name)));
    expect(text).toContain(quoted(M.storeOff(ROFF.name)));
    for (const n of [8, 9, 10, 11]) expect(text).toContain(quoted(M.storeUnknown(rows[n - 1]![3]!)));
    expect(text).toContain(M.duplicateRow(2));
  });

  it('imports an xlsx the same way', async () => {
    const before = await count();
    const res = await importFile(tokens.admin, await xlsx([HEAD, ...people('xl', 4, R2.name)]), { name: 'contacts.xlsx' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 4, rejected: 0 });
    expect(await count()).toBe(before + 4);
  });

  it("answers 'Please select all fields' for missing rules and names a column the file does not have", async () => {
    const file = csv([HEAD, ...people('rules', 1)]);
    const missing = await importFile(tokens.admin, file, { rules: { ...RULES, role: undefined } });
    expect(missing.status).toBe(400);
    expect(errorBody(missing).message).toBe(M.selectAllFields);
    const notJson = await callRoute('importContacts', { params: { brandId: B._id }, token: tokens.admin, body: form(file, 'c.csv', { rules: '{not json', flag: 'ignore' }) });
    expect(errorBody(notJson).message).toBe(M.selectAllFields);
    const unknown = await importFile(tokens.admin, file, { rules: { ...RULES, role: 'Title' } });
    expect(unknown.status).toBe(400);
    expect(errorBody(unknown).message).toBe(M.unknownColumn('Title'));
    const flag = await importFile(tokens.admin, file, { flag: 'merge' });
    expect(errorBody(flag).message).toBe(M.flagInvalid);
  });

  it('40 imports of one file at once leave each contact once and the counts exact', async () => {
    const before = await count();
    const beforeR2 = (await retailerContacts(R2._id)).totalCount;
    const rows = [...people('conc', 30), ...people('concb', 20, R2.name)];
    const file = csv([HEAD, ...rows]);
    const results = await Promise.all(Array.from({ length: 40 }, () => importFile(tokens.admin, file)));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results.reduce((n, r) => n + (r.body.data.created as number), 0)).toBe(50);
    expect(await count()).toBe(before + 50);
    expect((await retailerContacts(R2._id)).totalCount).toBe(beforeR2 + 20);
  }, 120_000);

  it('an interrupted import resumes where its progress stopped with the same id: nothing lost, nothing twice', async () => {
    const { claimImportJob } = await import('../../functions/contacts-import/files.repo');
    const { putContact, putImportedContacts } = await import('../../functions/address-book/contacts.repo');
    const rows = people('resume', 60);
    const importId = `resume-${tag}`;
    const before = await count();
    const contactOf = (r: string[]) => ({ firstName: r[0]!, lastName: r[1]!, email: r[2]!, role: r[4]!, retailer: R1._id, brand: B._id, createdBy: users.admin._id });
    // As if a first run had committed its first 40 rows (written and counted), then written 5
    // more of its next window (not counted: its commit never happened) and died.
    for (const r of rows.slice(0, 40)) await putContact(contactOf(r));
    await putImportedContacts(rows.slice(40, 45).map(contactOf), 'ignore', importId);
    const stale = new Date(Date.now() - 5 * 60_000).toISOString();
    await claimImportJob(
      { _id: importId, brand: B._id, status: 'running', flag: 'ignore', total: 60, done: 40, created: 40, updated: 0, ignored: 0, rejected: 0, fileId: importId, rejectedFileId: null, createdBy: users.admin._id, createdAt: stale, updatedAt: stale },
      Date.now() - 5 * 60_000,
    );
    const res = await importFile(tokens.admin, csv([HEAD, ...rows]), { importId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ importId, total: 60, done: 60, created: 60, ignored: 0 });
    expect(await count()).toBe(before + 60);
    // The same request once more: answered from the finished import, nothing written.
    const retry = await importFile(tokens.admin, csv([HEAD, ...rows]), { importId });
    expect(retry.body.data).toEqual(res.body.data);
    const progress = await callRoute('getContactsImport', { token: tokens.admin, params: { brandId: B._id, importId } });
    expect(progress.body.data).toEqual(res.body.data);
  });

  it('refuses a User, another brand, a deleted account, and an ADMIN may import for the brand', async () => {
    const file = csv([HEAD, ...people('acc', 1)]);
    expect((await importFile(tokens.user, file)).status).toBe(403);
    expect((await importFile(tokens.other, file)).status).toBe(403);
    expect((await importFile(tokens.gone, file)).status).toBe(401);
    const admin = await importFile(tokens.siteAdmin, file);
    expect(admin.status).toBe(200);
    expect(admin.body.data.created).toBe(1);
    const progress = await callRoute('getContactsImport', { token: tokens.other, params: { brandId: B._id, importId: admin.body.data.importId } });
    expect(progress.status).toBe(403);
  });
});

describe('export, count, history and files', () => {
  it('exports CSV and xlsx with every contact, safe from formula injection, and lists them in the history', async () => {
    await importFile(tokens.admin, csv([HEAD, ['=HYPERLINK("http://evil")', '+1', `inj-${tag}@x.test`, R1.name, '@SUM(A1)']]));
    const total = await count();
    const res = await callRoute('exportContacts', { token: tokens.admin, params: { brandId: B._id }, query: { fileType: 'csv' } });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'queued', done: 0, link: null, name: `Contacts - ${B.name} - ${new Date().toISOString().slice(0, 10)}.csv` });
    const csvJob = (await followExportJob(res.body.data.jobId, tokens.admin)).job;
    expect(csvJob).toMatchObject({ status: 'ready', done: total, total });
    const text = (await (await fetch(csvJob.link!)).text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('First Name,LastName,Email Address,Store Name,Roles/Responsibilities');
    expect(lines).toHaveLength(total + 1);
    const inj = lines.find((l) => l.includes(`inj-${tag}@x.test`))!;
    expect(inj).toBe(`"'=HYPERLINK(""http://evil"")",'+1,inj-${tag}@x.test,${R1.name},'@SUM(A1)`);

    const x = await callRoute('exportContacts', { token: tokens.admin, params: { brandId: B._id }, query: { fileType: 'xlsx' } });
    expect(x.status).toBe(202);
    const xJob = (await followExportJob(x.body.data.jobId, tokens.admin)).job;
    expect(xJob.status).toBe('ready');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await (await fetch(xJob.link!)).arrayBuffer()) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(total + 1);
    const values: string[] = [];
    ws.eachRow((row) => values.push(String(row.getCell(1).value)));
    expect(values).toContain(`'=HYPERLINK("http://evil")`);
    // The exported file imports back as it is: nothing new.
    const back = await importFile(tokens.admin, text, { rules: { firstName: 'First Name', lastName: 'LastName', email: 'Email Address', retailer: 'Store Name', role: 'Roles/Responsibilities' } });
    expect(back.body.data.created).toBe(0);

    const hist = await callRoute('getContactsHistory', { token: tokens.admin, params: { brandId: B._id }, query: { type: 'addressBook', uploadType: 'export', limit: 1 } });
    expect(hist.status).toBe(200);
    expect(hist.body.totalCount).toBe(2);
    expect(hist.body.data[0]).toMatchObject({ _id: x.body.data.jobId, fileName: x.body.data.name, rows: total, expired: false });
    const next = await callRoute('getContactsHistory', { token: tokens.admin, params: { brandId: B._id }, query: { type: 'addressBook', uploadType: 'export', limit: 1, cursor: hist.body.nextCursor! } });
    expect(next.body.data.map((d) => d._id)).toEqual([res.body.data.jobId]);
    const imports = await callRoute('getContactsHistory', { token: tokens.admin, params: { brandId: B._id }, query: { type: 'addressBook', uploadType: 'import', limit: 100 } });
    expect(imports.body.totalCount).toBeGreaterThanOrEqual(50);
    expect(imports.body.data[0]!.fileName).toBe('contacts.csv');
    const far = await callRoute('getContactsHistory', { token: tokens.admin, params: { brandId: B._id }, query: { uploadType: 'import', page: 99999 } });
    expect(far.body.data).toEqual([]);
  }, 120_000);

  it('the uploaded file downloads as it was sent', async () => {
    const file = csv([HEAD, ...people('dl', 2)]);
    const res = await importFile(tokens.admin, file, { name: '../../etc/My list.csv' });
    const link = await callRoute('downloadContactsFile', { token: tokens.admin, params: { id: res.body.data.fileId } });
    expect(link.body.data.fileName).toBe('My list.csv');
    expect(await (await fetch(link.body.data.url)).text()).toBe(file);
  });

  it("refuses another brand's files (404 as unknown), a restricted User (403); a User who sees every retailer may export; bad queries are 400", async () => {
    const hist = await callRoute('getContactsHistory', { token: tokens.admin, params: { brandId: B._id }, query: { uploadType: 'import' } });
    const id = hist.body.data[0]!._id;
    const other = await callRoute('downloadContactsFile', { token: tokens.other, params: { id } });
    expect(other.status).toBe(404);
    const otherQuery = await callRoute('downloadContactsFile', { params: { id }, query: { brand: B._id }, token: tokens.other });
    expect(otherQuery.status).toBe(403);
    expect((await callRoute('downloadContactsFile', { token: tokens.admin, params: { id: `nope-${tag}` } })).status).toBe(404);
    expect((await callRoute('downloadContactsFile', { token: tokens.siteAdmin, params: { id }, query: { brand: B._id } })).status).toBe(200);
    expect((await callRoute('downloadContactsFile', { token: tokens.siteAdmin, params: { id } })).status).toBe(404);

    for (const token of [tokens.rep]) {
      expect((await callRoute('getContactCount', { token, params: { brandId: B._id } })).status).toBe(403);
      expect((await callRoute('exportContacts', { token, params: { brandId: B._id }, query: { fileType: 'csv' } })).status).toBe(403);
      expect((await callRoute('getContactsHistory', { token, params: { brandId: B._id }, query: { uploadType: 'export' } })).status).toBe(403);
      expect((await callRoute('downloadContactsFile', { token, params: { id } })).status).toBe(403);
    }
    const byUser = await callRoute('exportContacts', { token: tokens.user, params: { brandId: B._id }, query: { fileType: 'csv' } });
    expect(byUser.status).toBe(202);
    // The job is read by the brand's accounts that see every retailer (and ADMINs), not by a restricted User nor another brand.
    expect((await callRoute('getExportJob', { params: { jobId: byUser.body.data.jobId }, token: tokens.user })).status).toBe(200);
    expect((await callRoute('getExportJob', { params: { jobId: byUser.body.data.jobId }, token: tokens.rep })).status).toBe(404);
    expect((await callRoute('getExportJob', { params: { jobId: byUser.body.data.jobId }, token: tokens.other })).status).toBe(404);
    expect(await count(tokens.user)).toBe(await count());
    for (const token of [tokens.other]) {
      expect((await callRoute('getContactCount', { token, params: { brandId: B._id } })).status).toBe(403);
      expect((await callRoute('exportContacts', { token, params: { brandId: B._id }, query: { fileType: 'csv' } })).status).toBe(403);
    }
    expect((await callRoute('exportContacts', { params: { brandId: B._id }, query: { fileType: 'pdf' }, token: tokens.admin })).status).toBe(400);
    expect((await callRoute('getContactsHistory', { params: { brandId: B._id }, query: { type: 'addressBook', uploadType: 'both' }, token: tokens.admin })).status).toBe(400);
    expect((await callRoute('getContactCount', { params: { brandId: B._id }, token: tokens.gone })).status).toBe(401);
  });
});
