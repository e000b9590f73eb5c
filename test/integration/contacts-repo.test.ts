/**
 * The retailer-contact and email-history records (functions/address-book/contacts.repo.ts,
 * functions/contact/email-history.repo.ts) on a table of the test's own: one contact per brand +
 * retailer + address whatever the case or the concurrency, the count kept on write, delete by id.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOwnTable } from '../support/own-table';

const tag = randomBytes(4).toString('hex');
const BRAND = `brand-c-${tag}`;
const OTHER = `brand-c2-${tag}`;
let repo: typeof import('../../functions/address-book/contacts.repo');
let history: typeof import('../../functions/contact/email-history.repo');

const contact = (over: Partial<{ email: string; retailer: string; brand: string; firstName: string; role: string }> = {}) => ({
  firstName: over.firstName ?? 'Ada',
  lastName: 'Lovelace',
  email: over.email ?? 'ada@retailer.test',
  role: over.role ?? 'Buyer',
  brand: over.brand ?? BRAND,
  retailer: over.retailer ?? 'ret-a',
  createdBy: 'u1',
});

beforeAll(async () => {
  await useOwnTable(`contacts-${tag}`);
  repo = await import('../../functions/address-book/contacts.repo');
  history = await import('../../functions/contact/email-history.repo');
});

describe('retailer contacts', () => {
  it('keeps one contact per brand, retailer and address: the same address in another case is ignored, or updated on request', async () => {
    const a = await repo.putContact(contact({ email: 'Same@Retailer.test' }));
    expect(a.outcome).toBe('created');
    const b = await repo.putContact(contact({ email: 'same@retailer.TEST', firstName: 'Other' }));
    expect(b).toMatchObject({ outcome: 'ignored', contact: { _id: a.contact._id, firstName: 'Ada' } });
    const c = await repo.putContact(contact({ email: 'same@retailer.test', firstName: 'Grace', role: 'Owner' }), 'update');
    expect(c).toMatchObject({ outcome: 'updated', contact: { _id: a.contact._id, firstName: 'Grace', role: 'Owner' } });
    // the same address for another retailer or another brand is another contact
    expect((await repo.putContact(contact({ email: 'same@retailer.test', retailer: 'ret-b' }))).outcome).toBe('created');
    expect((await repo.putContact(contact({ email: 'same@retailer.test', brand: OTHER }))).outcome).toBe('created');
    expect(await repo.countContacts(BRAND)).toBe(2);
    expect(await repo.countContacts(OTHER)).toBe(1);
  });

  it('40 adds of one address at once make one contact and count it once', async () => {
    const before = await repo.countContacts(BRAND);
    const outs = await Promise.all(Array.from({ length: 40 }, () => repo.putContact(contact({ email: 'race@retailer.test', retailer: 'ret-race' }))));
    expect(outs.filter((o) => o.outcome === 'created')).toHaveLength(1);
    expect(new Set(outs.map((o) => o.contact._id)).size).toBe(1);
    expect(await repo.countContacts(BRAND)).toBe(before + 1);
    expect(await repo.countRetailerContacts(BRAND, 'ret-race')).toBe(1);
    const page = await repo.pageRetailerContacts(BRAND, 'ret-race', { limit: 25 });
    expect(page.items.map((x) => x.email)).toEqual(['race@retailer.test']);
  });

  it('pages a retailer’s contacts by address without reading another retailer’s, and finds which addresses are its contacts', async () => {
    for (const e of ['c@x.test', 'a@x.test', 'b@x.test']) await repo.putContact(contact({ email: e, retailer: 'ret-p' }));
    await repo.putContact(contact({ email: 'z@x.test', retailer: 'ret-p2' })); // ret-p is a prefix of ret-p2's id
    const first = await repo.pageRetailerContacts(BRAND, 'ret-p', { limit: 2 });
    expect(first.items.map((x) => x.email)).toEqual(['a@x.test', 'b@x.test']);
    const next = await repo.pageRetailerContacts(BRAND, 'ret-p', { limit: 2, cursor: first.nextCursor });
    expect(next.items.map((x) => x.email)).toEqual(['c@x.test']);
    const found = await repo.findRetailerContacts(BRAND, 'ret-p', ['A@x.test', 'z@x.test', 'nobody@x.test']);
    expect(found.map((x) => x.email)).toEqual(['a@x.test']);
    expect(await repo.findRetailerContacts(OTHER, 'ret-p', ['a@x.test'])).toEqual([]);
  });

  it('deletes by id once: the second delete finds nothing and the count does not go below the contacts left', async () => {
    const { contact: c } = await repo.putContact(contact({ email: 'gone@x.test', retailer: 'ret-d' }));
    const before = await repo.countContacts(BRAND);
    expect(await repo.getContact(c._id)).toMatchObject({ email: 'gone@x.test', brand: BRAND, retailer: 'ret-d' });
    const [one, two] = await Promise.all([repo.deleteContact(c), repo.deleteContact(c)]);
    expect([one, two].filter(Boolean)).toHaveLength(1);
    expect(await repo.getContact(c._id)).toBeUndefined();
    expect(await repo.countContacts(BRAND)).toBe(before - 1);
    expect(await repo.countRetailerContacts(BRAND, 'ret-d')).toBe(0);
    // added again: a new id; the old id still finds nothing
    const again = await repo.putContact(contact({ email: 'gone@x.test', retailer: 'ret-d' }));
    expect(again.outcome).toBe('created');
    expect(again.contact._id).not.toBe(c._id);
    expect(await repo.getContact(c._id)).toBeUndefined();
  });

  it('stores an imported contact as one item that its id finds and deletes; a list met again is read, not written twice', async () => {
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { table } = await import('../../functions/lib/table');
    const list = ['i1@x.test', 'i2@x.test', 'i3@x.test'].map((email) => contact({ email, retailer: 'ret-imp' }));
    const first = await repo.putImportedContacts(list, 'ignore', `imp-${tag}`, false);
    expect(first).toMatchObject({ created: 3, ignored: 0, existed: 0 });
    // The optimistic first try of a second import fails its conditions, reads, and ignores all three.
    const again = await repo.putImportedContacts(list, 'ignore', `imp2-${tag}`, false);
    expect(again).toMatchObject({ created: 0, ignored: 3, existed: 3 });
    const stored = await repo.findRetailerContacts(BRAND, 'ret-imp', ['i1@x.test']);
    // No pointer item: the brand's partition and the contact are all there is.
    const pointer = await ddb.send(new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `CONTACT#${stored[0]!._id}` } }));
    expect(pointer.Items).toEqual([]);
    const found = await repo.getContact(stored[0]!._id);
    expect(found).toMatchObject({ email: 'i1@x.test', retailer: 'ret-imp', brand: BRAND });
    expect(await repo.deleteContact(found!)).toBe(true);
    expect(await repo.getContact(stored[0]!._id)).toBeUndefined();
  });

  it('finds and deletes a contact stored before the id index (by its pointer item)', async () => {
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { PutCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { table } = await import('../../functions/lib/table');
    const id = `legacy-${tag}`;
    const old = { _id: id, firstName: 'Old', lastName: 'Timer', email: 'old@x.test', role: 'Buyer', brand: BRAND, retailer: 'ret-old', createdBy: 'u1', createdAt: 'x', updatedAt: 'x' };
    await ddb.send(new PutCommand({ TableName: table.name, Item: { pk: `CONTACTS#${BRAND}`, sk: 'R#ret-old#E#old@x.test', entity: 'Contact', ...old } }));
    await ddb.send(new PutCommand({ TableName: table.name, Item: { pk: `CONTACT#${id}`, sk: 'CONTACT', entity: 'ContactId', brand: BRAND, retailer: 'ret-old', email: 'old@x.test' } }));
    expect(await repo.getContact(id)).toMatchObject({ _id: id, email: 'old@x.test' });
    expect(await repo.deleteContact(old)).toBe(true);
    expect(await repo.getContact(id)).toBeUndefined();
    expect((await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: `CONTACT#${id}`, sk: 'CONTACT' } }))).Item).toBeUndefined();
  });
});

describe('email history', () => {
  it('records an email once per id (a retry writes nothing twice) and lists a retailer’s newest first', async () => {
    const base = { subject: 's', htmlResponse: '<p>x</p>', brand: BRAND, retailer: 'ret-h', retailerBrandScraping: 'si-1', sentBy: 'u1', to: ['a@x.test'], cc: [], bcc: [], source: 'product', products: ['p1'], attachments: [] };
    await history.recordEmail({ ...base, _id: 'e1', createdAt: '2026-11-01T10:00:00.000Z', subject: 'first' });
    await history.recordEmail({ ...base, _id: 'e2', createdAt: '2026-11-02T10:00:00.000Z', subject: 'second' });
    await history.recordEmail({ ...base, _id: 'e2', createdAt: '2026-11-02T10:00:00.000Z', subject: 'second' });
    await history.recordEmail({ ...base, _id: 'e3', createdAt: '2026-11-03T10:00:00.000Z', retailer: 'ret-other', subject: 'elsewhere' });
    const page = await history.pageEmailHistory(BRAND, 'ret-h', { limit: 25 });
    expect(page.items.map((x) => x.subject)).toEqual(['second', 'first']);
    expect((await history.pageEmailHistory(OTHER, 'ret-h', { limit: 25 })).items).toEqual([]);
    // counted once per id, per brand + retailer
    expect(await history.countEmailHistory(BRAND, 'ret-h')).toBe(2);
    expect(await history.countEmailHistory(BRAND, 'ret-other')).toBe(1);
    expect(await history.countEmailHistory(OTHER, 'ret-h')).toBe(0);
  });
});
