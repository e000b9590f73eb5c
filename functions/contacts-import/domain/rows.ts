/**
 * One row of an import → a contact or the reasons it is refused (000 §5 "Contact add": first
 * name, last name, email (format), role all required; the Store Name must name a retailer the
 * brand carries and has enabled). Pure.
 *
 * Store Names match a retailer's name exactly, case aside (trimmed, lower-cased): no other
 * folding, so a look-alike (another letter, accents dropped or added, a Cyrillic "а", a
 * zero-width space, inner spaces) names no retailer and the row is refused, never attached to the
 * nearest one.
 */
import { CONTACTS_IO_MSG as M } from '../../../shared/messages/contacts-import';
import { contactFields } from '../../../shared/schemas/address-book';
import type { ImportRules } from '../../../shared/schemas/contacts-import';

export interface StoreIndex {
  /** name key → the enabled retailer's id, or 'ambiguous' */
  enabled: Map<string, string>;
  /** name keys of retailers the brand carries but has switched off */
  off: Set<string>;
}

export const storeKey = (name: string) => name.trim().toLowerCase();

/** The brand's retailers by name key. */
export function storeIndex(carried: readonly { retailer: string; flag?: boolean }[], names: ReadonlyMap<string, string>): StoreIndex {
  const enabled = new Map<string, string>();
  const off = new Set<string>();
  for (const c of carried) {
    const name = names.get(c.retailer);
    if (!name) continue;
    const k = storeKey(name);
    if (c.flag === false) {
      off.add(k);
      continue;
    }
    enabled.set(k, enabled.has(k) && enabled.get(k) !== c.retailer ? 'ambiguous' : c.retailer);
  }
  return { enabled, off };
}

export interface ImportContact {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  retailer: string;
}

export type RowOutcome = { ok: true; contact: ImportContact; key: string } | { ok: false; reasons: string[] };

/** The column index of each field (the rules name headers of the file); a field whose header is missing: its name. */
export function columnsOf(headers: readonly string[], rules: ImportRules): { columns: Record<keyof ImportRules, number> } | { missing: string } {
  const columns = {} as Record<keyof ImportRules, number>;
  for (const [field, header] of Object.entries(rules) as [keyof ImportRules, string][]) {
    const i = headers.indexOf(header);
    if (i < 0) return { missing: header };
    columns[field] = i;
  }
  return { columns };
}

/** One row checked: the contact and its key (retailer + email, case-folded), or why not. */
export function checkRow(row: readonly string[], columns: Record<keyof ImportRules, number>, stores: StoreIndex): RowOutcome {
  const cell = (f: keyof ImportRules) => row[columns[f]] ?? '';
  const reasons: string[] = [];
  const fields = contactFields.safeParse({ firstName: cell('firstName'), lastName: cell('lastName'), email: cell('email'), role: cell('role') });
  if (!fields.success) for (const i of fields.error.issues) if (!reasons.includes(i.message)) reasons.push(i.message);
  const store = cell('retailer');
  let retailer: string | undefined;
  if (!store.trim()) reasons.push(M.storeRequired);
  else {
    const hit = stores.enabled.get(storeKey(store));
    if (hit === 'ambiguous') reasons.push(M.storeAmbiguous(store));
    else if (hit) retailer = hit;
    else reasons.push(stores.off.has(storeKey(store)) ? M.storeOff(store) : M.storeUnknown(store));
  }
  if (reasons.length || !fields.success || !retailer) return { ok: false, reasons };
  const contact = { ...fields.data, retailer };
  return { ok: true, contact, key: `${retailer}\n${contact.email.toLowerCase()}` };
}
