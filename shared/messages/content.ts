/**
 * The content checks' words (issue 38): each finding kind's label in the product's flag
 * vocabulary, and the message the flag modal opens with when a person flags from a finding (they
 * may edit it). Pure: the web and the functions read it.
 */
import type { Finding, FindingKind } from '../content';

export const FINDING_LABELS: Readonly<Record<FindingKind, string>> = {
  'image-foreign': "Image Issues — not from the brand's catalogue",
  'image-old': 'Old image shown',
  name: 'Name differs from the catalogue',
  description: 'Description differs from the catalogue',
  'price-missing': 'Price is missing',
  'price-wrong': 'Wrong price',
  'price-discount': 'Discount',
  'not-in-catalog': "Not in the brand's catalogue",
  retired: 'Retired product still listed',
  'logo-missing': 'Logo is missing',
  'logo-old': 'Old logo is shown',
  'visuals-old': 'Old visuals are shown',
  'bio-missing': 'Bio is missing',
  'bio-typo': 'Bio: typo/needs updates',
};

const PREFIX = 'Suggested by the content checks: ';
/** A quoted value is cut to this many characters (three changes of a diff fit in a message). */
const QUOTE_MAX = 120;
/** A flag message's limit (shared/schemas/scrapings.ts FLAG_MESSAGE_MAX; not imported: the schemas import these messages). */
const MESSAGE_MAX = 1000;

const quote = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return `“${t.length > QUOTE_MAX ? `${t.slice(0, QUOTE_MAX - 1)}…` : t}”`;
};
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const percent = (v: unknown) => {
  const n = num(v);
  return n === undefined ? undefined : `${Math.round(n * 10) / 10} %`;
};

/** The changed words of a diff evidence ([op, text][]): what the retailer shows for what the brand wrote, at most three. */
function changedWords(diff: unknown): string | undefined {
  if (!Array.isArray(diff)) return undefined;
  const changes: string[] = [];
  for (let i = 0; i < diff.length && changes.length < 3; i++) {
    const [op, text] = diff[i] as [unknown, unknown];
    if (typeof text !== 'string' || (op !== -1 && op !== 1)) continue;
    const next = diff[i + 1] as [unknown, unknown] | undefined;
    if (op === -1 && next?.[0] === 1 && typeof next[1] === 'string') {
      changes.push(`${quote(next[1])} for ${quote(text)}`);
      i++;
    } else changes.push(op === -1 ? `${quote(text)} left out` : `${quote(text)} added`);
  }
  return changes.length > 0 ? changes.join('; ') : undefined;
}

/** What the finding found, after its label. */
function details(f: Finding): string {
  const e = f.evidence;
  switch (f.kind) {
    case 'price-wrong':
      return ` — ${f.retailerValue} shown, MSRP ${f.brandValue}.`;
    case 'price-discount': {
      const under = percent(e['percent']);
      return ` — ${f.retailerValue} shown, MSRP ${f.brandValue}${under ? ` (${under} under)` : ''}.`;
    }
    case 'price-missing':
      return f.brandValue ? ` — MSRP ${f.brandValue}.` : '.';
    case 'name':
      return ` — ${quote(f.retailerValue)} shown, catalogue ${quote(f.brandValue)}.`;
    case 'description': {
      const similar = num(e['similarity']);
      const words = changedWords(e['diff']);
      return `${similar === undefined ? '' : ` — ${Math.round(similar * 100)} % similar`}${words ? `: ${words}` : ''}.`;
    }
    case 'not-in-catalog': {
      const sku = typeof e['sku'] === 'string' ? e['sku'] : '';
      return sku ? ` — SKU ${sku}${f.retailerValue ? `, ${quote(f.retailerValue)}` : ''}.` : ` — no SKU shown${f.retailerValue ? `, ${quote(f.retailerValue)}` : ''}.`;
    }
    case 'retired':
      return ` — ${quote(f.retailerValue)}${typeof e['sku'] === 'string' ? ` (SKU ${e['sku']})` : ''}.`;
    case 'image-foreign':
    case 'image-old':
    case 'logo-old':
    case 'visuals-old':
      // The picture's URL (the image-foreign label has a dash of its own).
      return f.retailerValue ? `: ${f.retailerValue}` : '.';
    case 'bio-typo': {
      const words = changedWords(e['diff']);
      return words ? ` — ${words}.` : '.';
    }
    case 'logo-missing':
    case 'bio-missing':
      return '.';
  }
}

/** The flag message pre-filled from a finding: "Suggested by the content checks: Wrong price — 1650.00 EUR shown, MSRP 1450.00 EUR." */
export function findingFlagMessage(f: Finding): string {
  const message = `${PREFIX}${FINDING_LABELS[f.kind]}${details(f)}`;
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message;
}
