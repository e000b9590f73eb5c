/**
 * The items of a comparison page read as bytes, without decoding the page or parsing its JSON
 * (issue 21): where each item's `row` object starts and ends. A page is what `ChunkWriter` wrote,
 * JSON.stringify of the marked rows, `[{"row":{…}…},…]` as UTF-8. Ingest reads the previous
 * file's pages twice: a changed row's old values (one row decoded and parsed, not the page), and
 * the previous side's pages, where each row's bytes are copied as they are with the new mark
 * after them. Decoding and parsing the pages, then serializing and encoding them again, was about
 * half of the digest diff's time in the diff bench.
 *
 * Copying is exact when the row's bytes are what JSON.stringify of the parsed row gives back,
 * which holds for what JSON.stringify wrote. `exact` says which rows may be copied: a row holding
 * a backslash (an escape, which another writer might spell otherwise) or a key starting with a
 * digit (JSON.stringify puts integer-like keys first) is not, and is parsed and serialized again.
 * A page in any other shape (whitespace, a value other than a string, not a list of objects
 * starting with "row") gives `null`: parse it whole, as before.
 */
import type { RobotRow } from './robot-types.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const ROW_PREFIX = Buffer.from('{"row":{');

/** The items of a page: item i's row object is bytes [rowStart[i], rowEnd[i]). */
export interface PageItems {
  readonly count: number;
  readonly rowStart: Int32Array;
  readonly rowEnd: Int32Array;
  /** 1 when the row's bytes are exactly JSON.stringify's of the parsed row (they may be copied). */
  readonly exact: Uint8Array;
}

/** The end (after the closing quote) of the string whose opening quote is at `at`, or -1. */
function stringEnd(bytes: Buffer, at: number): number {
  let i = at + 1;
  for (;;) {
    const q = bytes.indexOf(QUOTE, i);
    if (q === -1) return -1;
    // A quote preceded by an odd number of backslashes is escaped.
    let b = q - 1;
    while (b > at && bytes[b] === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/** The end of the JSON value (object, list, string or bare word) at `at`, or -1 (whitespace is refused). */
function valueEnd(bytes: Buffer, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  let i = at;
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    while (i < bytes.length) {
      const c = bytes[i]!;
      if (c === QUOTE) {
        i = stringEnd(bytes, i);
        if (i === -1) return -1;
        continue;
      }
      if (c <= 0x20) return -1;
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET) break;
    if (c <= 0x20) return -1;
    i++;
  }
  return i === at ? -1 : i;
}

/** The items of a page, or null when the page is not in the form ChunkWriter writes (then parse it). */
export function pageItems(bytes: Buffer): PageItems | null {
  let capacity = 1024;
  let rowStart = new Int32Array(capacity);
  let rowEnd = new Int32Array(capacity);
  let exact = new Uint8Array(capacity);
  let count = 0;
  // Backslashes are rare: their positions, found once, say which rows hold one.
  let nextBackslash = bytes.indexOf(BACKSLASH, 0);
  const end = bytes.length;
  if (end < 2 || bytes[0] !== OPEN_BRACKET || bytes[end - 1] !== CLOSE_BRACKET) return null;
  let i = 1;
  if (bytes[i] === CLOSE_BRACKET) return i + 1 === end ? { count: 0, rowStart, rowEnd, exact } : null;
  for (;;) {
    // An item: {"row":{ "key":"value" (,"key":"value")* } (, other members)* }
    if (bytes.compare(ROW_PREFIX, 0, ROW_PREFIX.length, i, i + ROW_PREFIX.length) !== 0) return null;
    const start = i + ROW_PREFIX.length - 1;
    let ok = 1;
    i = start + 1;
    if (bytes[i] === CLOSE_BRACE) i++;
    else {
      for (;;) {
        if (bytes[i] !== QUOTE) return null;
        const c = bytes[i + 1]!;
        if (c >= 0x30 && c <= 0x39) ok = 0; // an integer-like key is put first by JSON.stringify
        i = stringEnd(bytes, i);
        if (i === -1 || bytes[i] !== COLON || bytes[i + 1] !== QUOTE) return null;
        i = stringEnd(bytes, i + 1);
        if (i === -1) return null;
        const c2 = bytes[i];
        i++;
        if (c2 === CLOSE_BRACE) break;
        if (c2 !== COMMA) return null;
      }
    }
    const stop = i;
    while (nextBackslash !== -1 && nextBackslash < start) nextBackslash = bytes.indexOf(BACKSLASH, nextBackslash + 1);
    if (nextBackslash !== -1 && nextBackslash < stop) ok = 0;
    // The rest of the item: its mark, the changed columns, the old values.
    while (bytes[i] === COMMA) {
      if (bytes[i + 1] !== QUOTE) return null;
      i = stringEnd(bytes, i + 1);
      if (i === -1 || bytes[i] !== COLON) return null;
      i = valueEnd(bytes, i + 1);
      if (i === -1) return null;
    }
    if (bytes[i] !== CLOSE_BRACE) return null;
    i++;
    if (count === capacity) {
      capacity *= 2;
      const s = new Int32Array(capacity);
      s.set(rowStart);
      rowStart = s;
      const e = new Int32Array(capacity);
      e.set(rowEnd);
      rowEnd = e;
      const x = new Uint8Array(capacity);
      x.set(exact);
      exact = x;
    }
    rowStart[count] = start;
    rowEnd[count] = stop;
    exact[count] = ok;
    count++;
    if (bytes[i] === COMMA) {
      i++;
      continue;
    }
    if (bytes[i] === CLOSE_BRACKET && i + 1 === end) return { count, rowStart, rowEnd, exact };
    return null;
  }
}

/** The row of item `i` (its bytes decoded and parsed: the page's other rows are not). */
export function itemRow(bytes: Buffer, items: PageItems, i: number): RobotRow {
  return JSON.parse(bytes.toString('utf8', items.rowStart[i], items.rowEnd[i])) as RobotRow;
}

/**
 * The JSON of item `i` with another mark: `{"row":<the row's bytes><marks>}`, `marks` being the
 * members after the row (e.g. `,"mark":"removed"`, or '' for none). A row that may not be copied
 * as it is (`exact` 0) is parsed and serialized again, as JSON.stringify would write it.
 */
export function remarkedItem(bytes: Buffer, items: PageItems, i: number, marks: string): Buffer {
  const row = items.exact[i] === 1 ? bytes.subarray(items.rowStart[i], items.rowEnd[i]) : Buffer.from(JSON.stringify(itemRow(bytes, items, i)), 'utf8');
  return Buffer.concat([ITEM_OPEN, row, Buffer.from(`${marks}}`, 'utf8')]);
}

const ITEM_OPEN = Buffer.from('{"row":');
