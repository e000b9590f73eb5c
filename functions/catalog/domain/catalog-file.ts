/**
 * The brand's catalogue (golden record) file, row by row (issue 38 §1; docs/robot-files.md
 * "Catalogue"): the drop key, the CSV columns and the JSON-lines fields, and the rules a row is
 * checked against. Pure: ingest.ts does the I/O.
 *
 * A catalogue is applied whole or not at all: one refused line refuses the file (the current
 * catalogue stays), so `CatalogRows` collects every problem with its line and the ingest only
 * switches to the new version when `errorCount` is 0.
 */
import { CATALOG_STATUSES, skuKey, type CatalogEntry, type CatalogStatus, type Msrp } from '../../../shared/content';
import { isCountryCode, isCurrencyCode } from '../../../shared/markets';
import { CATALOG_LIMITS, CATALOG_MSG as M } from '../../../shared/messages/catalog';
import { parsePrice, splitList } from '../../files';
import { storedPictureKey } from '../../lib/image-links';

/** `incoming/catalog/<brand-slug>/<YYYY-MM-DD>/<name>.csv|.jsonl` */
export const CATALOG_KEY_PATTERN = /^incoming\/catalog\/([a-z0-9][a-z0-9-]*)\/([^/]+)\/([^/]+)$/i;
export type CatalogFormat = 'csv' | 'jsonl';

export function parseCatalogKey(key: string): { slug: string; date: string; name: string; format: CatalogFormat | undefined } | undefined {
  const m = CATALOG_KEY_PATTERN.exec(key);
  if (!m) return undefined;
  const name = m[3]!;
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const format: CatalogFormat | undefined = ext === 'csv' ? 'csv' : ext === 'jsonl' || ext === 'ndjson' ? 'jsonl' : undefined;
  return { slug: m[1]!.toLowerCase(), date: m[2]!, name, format };
}

/** Where a picture file a catalogue row names by its bare file name is stored. */
export const catalogPicturePrefix = (slug: string) => `screenshots/catalog/${slug}/`;

type TextField = 'sku' | 'name' | 'description' | 'category' | 'collection' | 'status' | 'images' | 'retiredImages';

/** The CSV columns (matched ignoring case, spaces and punctuation) and the names they may go by; MSRP columns are `MSRP <country> <currency>`. */
export const CATALOG_COLUMNS: readonly { field: TextField; name: string; aliases: readonly string[]; required?: boolean }[] = [
  { field: 'sku', name: 'Brand SKU', aliases: ['sku', 'brandsku', 'style sku'], required: true },
  { field: 'name', name: 'Name', aliases: ['official name', 'product name', 'title'], required: true },
  { field: 'description', name: 'Description', aliases: ['official description', 'product description'] },
  { field: 'category', name: 'Category', aliases: [] },
  { field: 'collection', name: 'Collection', aliases: ['season', 'collection/season', 'collection season'] },
  { field: 'status', name: 'Status', aliases: [] },
  { field: 'images', name: 'Images', aliases: ['image', 'image urls', 'official images'] },
  { field: 'retiredImages', name: 'Retired Images', aliases: ['old images', 'retired image urls'] },
];

/** A bare picture file name: no folder, no control character, not `.` or `..`, no scheme. */
const SAFE_NAME = { test: (s: string) => s.length <= 200 && !/[/\\]/.test(s) && ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) };

const bare = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
const MSRP_HEADER = /^\s*msrp[\s_(-]*([a-z]{2})[\s_/(-]*([a-z]{3})\)?\s*$/i;

/** One catalogue row before it is checked: what a CSV record or a JSON line gives. */
interface RawEntry {
  sku: unknown;
  name: unknown;
  description: unknown;
  category: unknown;
  collection: unknown;
  status: unknown;
  images: unknown;
  retiredImages: unknown;
  msrp: unknown;
}

/**
 * Reads a catalogue file: `header()` once for CSV, then `csvRow()` or `jsonRow()` per record.
 * Every problem is recorded with its line (`errors`: the first CATALOG_LIMITS.listedErrors;
 * `errorCount`: all); a refused row gives undefined.
 */
export class CatalogRows {
  private index = new Map<TextField, number>();
  private markets: { column: number; country: string; currency: string }[] = [];
  private seen = new Map<string, number>();
  private width = 0;
  readonly errors: string[] = [];
  errorCount = 0;
  accepted = 0;

  constructor(private readonly slug: string) {}

  /** Map the CSV header; returns the fatal problem (a required column missing, a repeated or unknown column) or undefined. */
  header(cells: readonly string[]): string | undefined {
    this.width = cells.length;
    const byName = new Map<string, TextField>();
    for (const c of CATALOG_COLUMNS) for (const n of [c.name, ...c.aliases]) byName.set(bare(n), c.field);
    const problems: string[] = [];
    const markets = new Set<string>();
    for (let i = 0; i < cells.length; i++) {
      const cell = (cells[i] ?? '').trim();
      const field = byName.get(bare(cell));
      if (field) {
        if (this.index.has(field)) problems.push(M.columnTwice(CATALOG_COLUMNS.find((c) => c.field === field)!.name));
        this.index.set(field, i);
        continue;
      }
      const m = MSRP_HEADER.exec(cell);
      if (m) {
        const country = m[1]!.toUpperCase();
        const currency = m[2]!.toUpperCase();
        if (!isCountryCode(country)) problems.push(M.unknownCountry(cell, country));
        else if (!isCurrencyCode(currency)) problems.push(M.unknownCurrency(cell, currency));
        else if (markets.has(`${country} ${currency}`)) problems.push(M.columnTwice(cell));
        else {
          markets.add(`${country} ${currency}`);
          this.markets.push({ column: i, country, currency });
        }
        continue;
      }
      if (cell !== '') problems.push(M.unknownColumn(cell));
    }
    const missing = CATALOG_COLUMNS.filter((c) => c.required && !this.index.has(c.field)).map((c) => c.name);
    if (missing.length) problems.unshift(M.missingColumns(missing));
    return problems.length ? `Line 1: ${problems.join(' ')}` : undefined;
  }

  /** One CSV record at physical line `line`. */
  csvRow(cells: readonly string[], line: number): CatalogEntry | undefined {
    if (cells.every((c) => c.trim() === '')) return undefined;
    const get = (f: TextField) => {
      const i = this.index.get(f);
      return i === undefined ? '' : (cells[i] ?? '');
    };
    const pre: string[] = [];
    if (cells.length !== this.width) pre.push(`expected ${this.width} values as in the header, found ${cells.length}`);
    const msrp: { country: string; currency: string; amount: unknown }[] = [];
    for (const m of this.markets) {
      const text = (cells[m.column] ?? '').trim();
      if (text === '') continue;
      const amount = /^[\d\s.,']+$/.test(text) ? parsePrice(text) : null;
      if (amount === null) pre.push(`MSRP ${m.country} ${m.currency} "${text}" is not a price`);
      else msrp.push({ country: m.country, currency: m.currency, amount });
    }
    return this.check(
      { sku: get('sku'), name: get('name'), description: get('description'), category: get('category'), collection: get('collection'), status: get('status'), images: splitList(get('images')), retiredImages: splitList(get('retiredImages')), msrp },
      line,
      pre,
    );
  }

  /** One JSON line at line `line`: `{ sku, name, description, category, collection, status, images: [], retiredImages: [], msrp: [{ country, currency, amount }] }`. */
  jsonRow(text: string, line: number): CatalogEntry | undefined {
    if (text.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.fail(`Line ${line}: ${M.notJson}`);
      return undefined;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(`Line ${line}: ${M.notJson}`);
      return undefined;
    }
    const o = value as Record<string, unknown>;
    return this.check({ sku: o.sku, name: o.name, description: o.description, category: o.category, collection: o.collection ?? o.season, status: o.status, images: o.images, retiredImages: o.retiredImages, msrp: o.msrp }, line, []);
  }

  private check(raw: RawEntry, line: number, problems: string[]): CatalogEntry | undefined {
    const text = (v: unknown, label: string, max: number): string => {
      if (v === undefined || v === null) return '';
      if (typeof v !== 'string' && typeof v !== 'number') {
        problems.push(`${label} must be text`);
        return '';
      }
      const s = String(v).trim();
      if (s.length > max) problems.push(`${label} is longer than ${max} characters`);
      return s;
    };
    const sku = text(raw.sku, 'Brand SKU', CATALOG_LIMITS.skuLength);
    const name = text(raw.name, 'Name', CATALOG_LIMITS.nameLength);
    const description = text(raw.description, 'Description', CATALOG_LIMITS.descriptionLength);
    const category = text(raw.category, 'Category', CATALOG_LIMITS.nameLength);
    const collection = text(raw.collection, 'Collection', CATALOG_LIMITS.nameLength);
    const statusText = text(raw.status, 'Status', 20).toLowerCase();
    if (sku === '') problems.push('Brand SKU is empty');
    if (name === '') problems.push('Name is empty');
    const status: CatalogStatus = statusText === '' ? 'active' : ((CATALOG_STATUSES as readonly string[]).includes(statusText) ? statusText : 'active') as CatalogStatus;
    if (statusText !== '' && !(CATALOG_STATUSES as readonly string[]).includes(statusText)) problems.push(`Status "${statusText}" is not active or retired`);
    const images = this.pictures(raw.images, 'Images', problems);
    const retiredImages = this.pictures(raw.retiredImages, 'Retired Images', problems);
    const msrp = this.msrp(raw.msrp, problems);
    if (sku !== '') {
      const first = this.seen.get(skuKey(sku));
      if (first !== undefined) problems.push(`Brand SKU ${sku} repeats line ${first}`);
    }
    if (problems.length) {
      this.fail(`Line ${line}: ${problems.join('; ')}.`);
      return undefined;
    }
    this.seen.set(skuKey(sku), line);
    this.accepted++;
    return { sku, name, description, category, collection, status, images, retiredImages, msrp };
  }

  /** Picture values: https addresses, keys under `screenshots/`, or bare file names (stored under `screenshots/catalog/<slug>/`). */
  private pictures(v: unknown, label: string, problems: string[]): string[] {
    if (v === undefined || v === null || v === '') return [];
    const list = Array.isArray(v) ? v : typeof v === 'string' ? splitList(v) : null;
    if (!list || !list.every((x) => typeof x === 'string')) {
      problems.push(`${label} must be a list of picture addresses`);
      return [];
    }
    const out: string[] = [];
    for (const raw of list as string[]) {
      const s = raw.trim();
      if (s === '') continue;
      const value = /^https:\/\//i.test(s) ? (URL.canParse(s) ? s : undefined) : s.startsWith('screenshots/') ? storedPictureKey(s) : SAFE_NAME.test(s) && s !== '.' && s !== '..' && !/^[a-z]+:/i.test(s) ? `${catalogPicturePrefix(this.slug)}${s}` : undefined;
      if (!value) problems.push(`${label}: "${s.slice(0, 80)}" is not an https address or a picture file name`);
      else if (!out.includes(value)) out.push(value);
    }
    if (out.length > CATALOG_LIMITS.picturesPerEntry) problems.push(`${label}: at most ${CATALOG_LIMITS.picturesPerEntry} pictures`);
    return out;
  }

  private msrp(v: unknown, problems: string[]): Msrp[] {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      problems.push('msrp must be a list of { country, currency, amount }');
      return [];
    }
    const out: Msrp[] = [];
    for (const m of v as unknown[]) {
      const o = (m ?? {}) as Record<string, unknown>;
      const country = String(o.country ?? '').trim().toUpperCase();
      const currency = String(o.currency ?? '').trim().toUpperCase();
      const amount = typeof o.amount === 'number' ? o.amount : typeof o.amount === 'string' && /^[\d\s.,']+$/.test(o.amount.trim()) ? parsePrice(o.amount) : null;
      if (!isCountryCode(country)) problems.push(`MSRP country "${country}" is not an ISO 3166 country code`);
      else if (!isCurrencyCode(currency)) problems.push(`MSRP currency "${currency}" is not an ISO 4217 currency code`);
      else if (amount === null || !Number.isFinite(amount) || amount < 0) problems.push(`MSRP ${country} ${currency} "${String(o.amount ?? '')}" is not a price`);
      else if (out.some((x) => x.country === country && x.currency === currency)) problems.push(`MSRP ${country} ${currency} appears twice`);
      else out.push({ country, currency, amount: Math.round(amount * 100) / 100 });
    }
    return out;
  }

  fail(message: string): void {
    this.errorCount++;
    if (this.errors.length < CATALOG_LIMITS.listedErrors) this.errors.push(message);
  }

  /** The problems as shown: the listed ones plus a count of the rest. */
  report(): string[] {
    const rest = this.errorCount - this.errors.length;
    return rest > 0 ? [...this.errors, `…and ${rest} more problem(s).`] : [...this.errors];
  }
}
