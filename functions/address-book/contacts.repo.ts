/**
 * Retailer contacts of a brand (000 §3 Contact: _id, firstName, lastName, email, role, brand,
 * retailer). One partition per brand; a contact is unique per brand + retailer + email (the sort
 * key), so an import run twice, or two people adding the same address at once, never makes two.
 *
 * - CONTACTS#<brandId> / R#<retailerId>#E#<email lower-cased>: the contact
 * - CONTACTS#<brandId> / COUNT: the brand's contact count, kept on write
 * - CONTACTS#<brandId> / COUNT#R#<retailerId>: the retailer's contact count, kept on write (the
 *   Address Book's page count; `pageBrandContacts` reads `R#…` only, so it never meets it)
 * - gsi4 CONTACT#<id> / CONTACT on the contact itself: its id (DELETE /addressBooks/{id}); no
 *   second item, so a new contact is one write. Contacts stored before this index have a pointer
 *   item CONTACT#<id> / CONTACT instead, still read when the index has no such id.
 */
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { type PagedResult, queryPage, tablePrefix } from '../lib/paged-query';
import { clean, failedConditions, newId, table } from '../lib/table';

export interface ContactRecord {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  /** Brand id. */
  brand: string;
  /** Retailer id. */
  retailer: string;
  createdAt: string;
  updatedAt: string;
  /** User id of who added or last imported it. */
  createdBy: string;
}

export type NewContact = Pick<ContactRecord, 'firstName' | 'lastName' | 'email' | 'role' | 'brand' | 'retailer' | 'createdBy'>;

const brandPk = (brandId: string) => `CONTACTS#${brandId}`;
const retailerPrefix = (retailerId: string) => `R#${retailerId}#E#`;
export const contactKey = (brandId: string, retailerId: string, email: string) => ({
  pk: brandPk(brandId),
  sk: `${retailerPrefix(retailerId)}${email.trim().toLowerCase()}`,
});
/** The pointer item of a contact stored before the id index (read and deleted, never written now). */
const pointerKey = (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' });
/** The id index's attributes on the contact (gsi4, sparse). */
const idIndex = (id: string) => ({ gsi4pk: `CONTACT#${id}`, gsi4sk: 'CONTACT' });
const countKey = (brandId: string) => ({ pk: brandPk(brandId), sk: 'COUNT' });
const retailerCountKey = (brandId: string, retailerId: string) => ({ pk: brandPk(brandId), sk: `COUNT#R#${retailerId}` });

function countUpdate(key: { pk: string; sk: string }, by: 1 | -1) {
  return {
    Update: {
      TableName: table.name,
      Key: key,
      UpdateExpression: 'ADD #count :by',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

/**
 * TransactWriteItems: Put the contact with its id index (condition: none for brand + retailer +
 * email yet) + brand and retailer counts +1. When it exists: `ignore` keeps it as it is, `update` sets names and role.
 */
export async function putContact(
  input: NewContact,
  mode: 'ignore' | 'update' = 'ignore',
): Promise<{ outcome: 'created' | 'updated' | 'ignored'; contact: ContactRecord }> {
  const now = new Date().toISOString();
  const contact: ContactRecord = { _id: newId(), ...input, email: input.email.trim(), createdAt: now, updatedAt: now };
  const key = contactKey(input.brand, input.retailer, input.email);
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table.name, Item: { ...key, ...idIndex(contact._id), entity: 'Contact', ...contact }, ConditionExpression: 'attribute_not_exists(pk)' } },
          countUpdate(countKey(input.brand), 1),
          countUpdate(retailerCountKey(input.brand, input.retailer), 1),
        ],
      }),
    );
    return { outcome: 'created', contact };
  } catch (e) {
    if (!failedConditions(e)?.includes(0)) throw e;
  }
  if (mode === 'ignore') {
    const existing = await getContactByKey(input.brand, input.retailer, input.email);
    if (existing) return { outcome: 'ignored', contact: existing };
    return putContact(input, mode); // deleted meanwhile: add it again
  }
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key,
        UpdateExpression: 'SET firstName = :f, lastName = :l, #role = :r, updatedAt = :u, createdBy = :by',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':f': input.firstName, ':l': input.lastName, ':r': input.role, ':u': now, ':by': input.createdBy },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { outcome: 'updated', contact: clean<ContactRecord>(out.Attributes ?? {}) };
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    return putContact(input, mode); // deleted meanwhile: add it again
  }
}

/** GetItem CONTACTS#brand / R#retailer#E#email (consistent) */
export async function getContactByKey(brandId: string, retailerId: string, email: string): Promise<ContactRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: contactKey(brandId, retailerId, email), ConsistentRead: true }));
  return out.Item ? clean<ContactRecord>(out.Item) : undefined;
}

/**
 * Query gsi4 CONTACT#id (or, for a contact stored before the index, GetItem its pointer
 * CONTACT#id), then GetItem the contact (consistent): the index is eventually consistent, the
 * contact as it is now decides.
 */
export async function getContact(id: string): Promise<ContactRecord | undefined> {
  const idx = await ddb.send(
    new QueryCommand({ TableName: table.name, IndexName: 'gsi4', KeyConditionExpression: 'gsi4pk = :p', ExpressionAttributeValues: { ':p': idIndex(id).gsi4pk }, Limit: 1 }),
  );
  let at = idx.Items?.[0];
  if (!at) at = (await ddb.send(new GetCommand({ TableName: table.name, Key: pointerKey(id), ConsistentRead: true }))).Item;
  if (!at) return undefined;
  const c = await getContactByKey(String(at.brand), String(at.retailer), String(at.email));
  return c && c._id === id ? c : undefined;
}

/** TransactWriteItems: Delete the contact (condition: it is still this id) + its pointer if it has one + both counts −1. false: already gone. */
export async function deleteContact(c: Pick<ContactRecord, '_id' | 'brand' | 'retailer' | 'email'>): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table.name,
              Key: contactKey(c.brand, c.retailer, c.email),
              ConditionExpression: '#id = :id',
              ExpressionAttributeNames: { '#id': '_id' },
              ExpressionAttributeValues: { ':id': c._id },
            },
          },
          { Delete: { TableName: table.name, Key: pointerKey(c._id) } },
          countUpdate(countKey(c.brand), -1),
          countUpdate(retailerCountKey(c.brand, c.retailer), -1),
        ],
      }),
    );
    return true;
  } catch (e) {
    if (failedConditions(e)?.includes(0)) return false;
    throw e;
  }
}

/** GetItem CONTACTS#brand / COUNT#R#retailer (consistent): the retailer's contacts, kept on write */
export async function countRetailerContacts(brandId: string, retailerId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: retailerCountKey(brandId, retailerId), ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.count ?? 0));
}

/** Query CONTACTS#brand, sk begins_with R#retailer#E#: one page, by email */
export async function pageRetailerContacts(
  brandId: string,
  retailerId: string,
  r: { limit: number; cursor?: string; skip?: number },
): Promise<PagedResult<ContactRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [tablePrefix(brandPk(brandId), retailerPrefix(retailerId))],
    ascending: true,
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<ContactRecord>(i)) };
}

/** Query CONTACTS#brand, sk begins_with R#: the brand's contacts a page at a time (export) */
export async function pageBrandContacts(brandId: string, r: { limit: number; cursor?: string }): Promise<PagedResult<ContactRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [tablePrefix(brandPk(brandId), 'R#')],
    ascending: true,
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<ContactRecord>(i)) };
}

/** GetItem CONTACTS#brand / COUNT (consistent): the brand's contacts, kept on write */
export async function countContacts(brandId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(brandId), ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.count ?? 0));
}

/**
 * BatchGetItem of brand + retailer + each address: which of these addresses are the retailer's
 * contacts for this brand (the contact form's relay rule), at most 100 addresses.
 */
export async function findRetailerContacts(brandId: string, retailerId: string, emails: readonly string[]): Promise<ContactRecord[]> {
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (unique.length > 100) throw new Error('At most 100 addresses at once');
  if (!unique.length) return [];
  let keys: Record<string, unknown>[] | undefined = unique.map((e) => contactKey(brandId, retailerId, e));
  const found: ContactRecord[] = [];
  for (let attempt = 0; keys?.length && attempt < 5; attempt++) {
    const out = await ddb.send(new BatchGetCommand({ RequestItems: { [table.name]: { Keys: keys, ConsistentRead: true } } }));
    found.push(...(out.Responses?.[table.name] ?? []).map((i) => clean<ContactRecord>(i)));
    keys = out.UnprocessedKeys?.[table.name]?.Keys as Record<string, unknown>[] | undefined;
  }
  if (keys?.length) throw new Error('Contacts could not be read (throttled)');
  return found;
}

/** Contacts one `putImportedContacts` transaction takes (one item each: a new contact or an update). */
export const PUT_CONTACTS_BATCH = 50;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const conflicted = (e: unknown) =>
  (e as Error | undefined)?.name === 'TransactionConflictException' ||
  ((e as Error | undefined)?.name === 'TransactionCanceledException' &&
    ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));

export interface ImportTally {
  created: number;
  updated: number;
  ignored: number;
  /** New contacts per retailer: what the import's window commit ADDs to the counts. */
  perRetailer: Map<string, number>;
  /** Contacts of the batch that were there already (the caller reads first from then on). */
  existed: number;
}

type Stored = ContactRecord & { importId?: string };

/** BatchGetItem (consistent) of the contacts' keys: the stored ones by sort key. */
async function readContacts(inputs: readonly NewContact[]): Promise<Map<string, Stored>> {
  const existing = new Map<string, Stored>();
  let keys: Record<string, unknown>[] | undefined = inputs.map((i) => contactKey(i.brand, i.retailer, i.email));
  for (let n = 0; keys?.length && n < 8; n++) {
    if (n) await sleep(10 * 2 ** n);
    const out = await ddb.send(new BatchGetCommand({ RequestItems: { [table.name]: { Keys: keys, ConsistentRead: true } } }));
    for (const item of out.Responses?.[table.name] ?? []) existing.set(String(item.sk), clean<Stored>(item));
    keys = out.UnprocessedKeys?.[table.name]?.Keys as Record<string, unknown>[] | undefined;
  }
  if (keys?.length) throw new Error('Contacts could not be read (throttled)');
  return existing;
}

/**
 * The import's write (docs/decisions.md "Contacts import and export"): up to PUT_CONTACTS_BATCH
 * contacts of one brand with distinct retailer + email, in ONE transaction WITHOUT the counts
 * (no hot item: batches run in parallel without conflicts); one item a contact (its id is an
 * index on it, not a second item); the counts move with the import's progress
 * (`commitImportWindow`), once per window. Each new contact carries `importId`, so a window run
 * again after an interruption counts the contacts it had already written (they were never
 * counted: the window's commit did not happen) and no others.
 * With `readFirst` (the caller's choice once a batch met stored contacts): BatchGetItem of the
 * keys first. Without it, the first try assumes every contact is new (a fresh list: one request
 * less a batch); a failed condition then reads and tries again, as a conflict does.
 * The transaction: the new ones (Put, condition none yet) and, in `update` mode, the existing ones
 * whose names or role differ (Update, condition same id).
 */
export async function putImportedContacts(inputs: readonly NewContact[], mode: 'ignore' | 'update', importId: string, readFirst = true): Promise<ImportTally> {
  if (inputs.length > PUT_CONTACTS_BATCH) throw new Error(`At most ${PUT_CONTACTS_BATCH} contacts a batch`);
  const tally: ImportTally = { created: 0, updated: 0, ignored: 0, perRetailer: new Map(), existed: 0 };
  if (!inputs.length) return tally;
  const brand = inputs[0]!.brand;
  if (inputs.some((i) => i.brand !== brand)) throw new Error('One brand a batch');
  if (new Set(inputs.map((i) => contactKey(i.brand, i.retailer, i.email).sk)).size !== inputs.length) throw new Error('Distinct contacts a batch');
  for (let attempt = 0; ; attempt++) {
    const existing = readFirst || attempt > 0 ? await readContacts(inputs) : new Map<string, Stored>();
    const now = new Date().toISOString();
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [];
    const t: ImportTally = { created: 0, updated: 0, ignored: 0, perRetailer: new Map(), existed: existing.size };
    const created = (retailer: string) => {
      t.created++;
      t.perRetailer.set(retailer, (t.perRetailer.get(retailer) ?? 0) + 1);
    };
    for (const input of inputs) {
      const key = contactKey(input.brand, input.retailer, input.email);
      const old = existing.get(key.sk);
      if (!old) {
        const contact: ContactRecord = { _id: newId(), ...input, email: input.email.trim(), createdAt: now, updatedAt: now };
        items.push({ Put: { TableName: table.name, Item: { ...key, ...idIndex(contact._id), entity: 'Contact', ...contact, importId }, ConditionExpression: 'attribute_not_exists(pk)' } });
        created(input.retailer);
        continue;
      }
      // Written by this import in a window whose commit did not happen: not counted yet.
      if (old.importId === importId) created(input.retailer);
      if (mode === 'update' && (old.firstName !== input.firstName || old.lastName !== input.lastName || old.role !== input.role)) {
        items.push({
          Update: {
            TableName: table.name,
            Key: key,
            UpdateExpression: 'SET firstName = :f, lastName = :l, #role = :r, updatedAt = :u, createdBy = :by',
            ConditionExpression: '#id = :id',
            ExpressionAttributeNames: { '#role': 'role', '#id': '_id' },
            ExpressionAttributeValues: { ':f': input.firstName, ':l': input.lastName, ':r': input.role, ':u': now, ':by': input.createdBy, ':id': old._id },
          },
        });
      }
      if (old.importId !== importId) {
        if (mode === 'update') t.updated++;
        else t.ignored++;
      }
    }
    try {
      if (items.length) await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      if ((!failedConditions(e)?.length && !conflicted(e)) || attempt >= 8) throw e;
      // A failed condition on the optimistic first try: read, then at once (nothing to wait for).
      if (attempt > 0 || readFirst || !failedConditions(e)?.length) await sleep(20 * 2 ** Math.min(attempt, 5) * (0.5 + Math.random()));
      continue;
    }
    return t;
  }
}

/** The count items an import's window ADDs to (the brand's and each retailer's). */
export function contactCountUpdates(brandId: string, created: number, perRetailer: ReadonlyMap<string, number>) {
  if (!created) return [];
  return [
    { Update: { TableName: table.name, Key: countKey(brandId), UpdateExpression: 'ADD #count :n', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':n': created } } },
    ...[...perRetailer].map(([retailer, n]) => ({
      Update: { TableName: table.name, Key: retailerCountKey(brandId, retailer), UpdateExpression: 'ADD #count :n', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':n': n } },
    })),
  ];
}
