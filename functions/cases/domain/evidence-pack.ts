/**
 * The retailer's evidence pack as a PDF (issue 24 §2), pure: what to print in, the PDF's bytes out.
 * A cover (brand, retailer, date, the active cases by severity and by status, the truncation note)
 * and then exactly one page per case, worst first: its subject, severity, status, dates, the
 * evidence seen when it opened (the scraped price against the on-hand price and the gap, reasons,
 * message, scan date, the page's address as text) and the kept pictures (PNG or JPEG; another
 * format is named, not shown). A long message or address is cut to its lines on the page, so a
 * case never takes a second page.
 *
 * pdf-lib with the PDF's 14 standard fonts: their metrics are JS data in the bundle (no font file
 * read at run time) and they encode WinAnsi only, so any other character prints as '?'.
 *
 * Pictures, within the API's time: a JPEG goes in as it is; a PNG a PDF can take as it is (8-bit
 * grey or RGB, not interlaced: its compressed rows with the PNG predictor) too, with no decoding;
 * any other PNG (alpha, palette, 16-bit, interlaced) is decoded and compressed again by pdf-lib,
 * which costs about a second per 10 megapixels: each at most PNG_DECODE_PIXELS, all of them
 * PACK_DECODE_PIXELS, the others named.
 */
import { degrees, drawImage, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type PDFRef, type RGB } from 'pdf-lib';
import { CASE_PACK } from '../../../shared/messages/cases';
import type { CaseSeverity, CaseStatus } from '../../../shared/schemas/cases';
import { usDate } from '../../lib/us-date';
import type { CaseRecord } from './case';

export type PackPicture =
  /** The picture's bytes (PNG or JPEG are shown; another format is named). */
  | { which: 'image' | 'screenshot'; bytes: Uint8Array }
  /** Not in the pack, and why. */
  | { which: 'image' | 'screenshot'; missing: 'gone' | 'tooLarge' };

export interface PackCase {
  record: Pick<CaseRecord, '_id' | 'kind' | 'style_number' | 'name' | 'status' | 'severity' | 'openedAt' | 'notifiedAt' | 'repeats' | 'evidence'>;
  pictures: PackPicture[];
}

export interface PackInput {
  brandName: string;
  retailerName: string;
  /** ISO time the pack is made (the cover's date, the PDF's creation date). */
  generatedAt: string;
  /** Every active case of the retailer, per severity and per status (not only those in the pack). */
  bySeverity: Record<CaseSeverity, number>;
  byStatus: Record<Exclude<CaseStatus, 'resolved'>, number>;
  /** The pack's cases, worst first: at most CASE_PACK.maxCases. */
  cases: PackCase[];
}

const L = CASE_PACK.labels;
/** US Letter, in points; the margins. */
const PAGE = { width: 612, height: 792, margin: 54 } as const;
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.82, 0.82, 0.85);
const SEVERITY_COLOR: Record<CaseSeverity, RGB> = { high: rgb(0.7, 0.11, 0.11), medium: rgb(0.72, 0.45, 0.02), low: rgb(0.35, 0.38, 0.42) };
const LABEL_WIDTH = 118;
/** The most lines a field gets on a case's page (a message, an address): the rest is cut with '…'. */
const FIELD_LINES = { message: 6, url: 3, other: 3 } as const;

export const money = (v: number | null | undefined): string =>
  v === null || v === undefined || !Number.isFinite(v) ? 'N/A' : `${v < 0 ? '-' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const reasonsText = (reasons: readonly { name: string; value: string }[]) => reasons.map((r) => (r.value && r.value !== r.name ? `${r.name}: ${r.value}` : r.name)).join(', ');

/** A PNG decoded for the pack: at most this many pixels each, and all of a pack's together. */
export const PNG_DECODE_PIXELS = 4_000_000;
export const PACK_DECODE_PIXELS = 40_000_000;

/**
 * A PNG whose compressed data a PDF takes as it is (8-bit grey or RGB, not interlaced: FlateDecode
 * with the PNG predictor), or undefined (another PNG, or not a well-formed one).
 */
export function pngAsIs(bytes: Uint8Array): { width: number; height: number; colors: 1 | 3; data: Uint8Array } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (pictureFormat(bytes) !== 'png' || bytes.length < 33) return undefined;
  let at = 8;
  let header: { width: number; height: number; depth: number; type: number; interlace: number } | undefined;
  const parts: Uint8Array[] = [];
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return undefined;
    if (type === 'IHDR' && length >= 13) header = { width: view.getUint32(at + 8), height: view.getUint32(at + 12), depth: data[8]!, type: data[9]!, interlace: data[12]! };
    else if (type === 'IDAT') parts.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || !parts.length || header.depth !== 8 || (header.type !== 0 && header.type !== 2) || header.interlace !== 0 || !header.width || !header.height) return undefined;
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    data.set(p, o);
    o += p.length;
  }
  return { width: header.width, height: header.height, colors: header.type === 2 ? 3 : 1, data };
}

/** The pixels of a PNG, from its header. */
const pngPixels = (bytes: Uint8Array) => (bytes.length >= 24 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(16) * new DataView(bytes.buffer, bytes.byteOffset).getUint32(20) : 0);

/** What the picture's first bytes say it is. */
export function pictureFormat(bytes: Uint8Array): 'png' | 'jpeg' | undefined {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

class Writer {
  private readonly charset: Set<number>;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.charset = new Set([...regular.getCharacterSet(), ...bold.getCharacterSet()]);
  }

  /** The text the font can print: other characters become '?', white space one space. */
  printable(text: string): string {
    let out = '';
    for (const ch of text.replace(/\s+/g, ' ')) out += this.charset.has(ch.codePointAt(0)!) ? ch : '?';
    return out;
  }

  /** Lines of at most `width` points, broken at spaces (a word longer than a line at any character), at most `max` (the last cut with '…'). */
  wrap(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    const lines: string[] = [];
    let line = '';
    const push = (l: string) => lines.push(l);
    for (const word of this.printable(text).trim().split(' ')) {
      if (!word) continue;
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) push(line);
      let rest = word;
      while (!fits(rest)) {
        let n = rest.length - 1;
        while (n > 1 && !fits(rest.slice(0, n))) n--;
        push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    if (line) push(line);
    if (lines.length <= max) return lines;
    const kept = lines.slice(0, max);
    let last = kept[max - 1]!;
    while (last && !fits(`${last}…`)) last = last.slice(0, -1);
    kept[max - 1] = `${last}…`;
    return kept;
  }

  text(page: PDFPage, text: string, x: number, y: number, size: number, opts: { bold?: boolean; color?: RGB } = {}) {
    page.drawText(this.printable(text), { x, y, size, font: opts.bold ? this.bold : this.regular, color: opts.color ?? INK });
  }
}

/** A label and its value's lines; answers the y below them. */
function field(w: Writer, page: PDFPage, y: number, label: string, value: string, maxLines: number): number {
  const size = 10.5;
  const lead = 14;
  const width = PAGE.width - 2 * PAGE.margin - LABEL_WIDTH;
  w.text(page, label, PAGE.margin, y, size, { color: MUTED });
  const lines = w.wrap(value || '—', w.regular, size, width, maxLines);
  lines.forEach((l, i) => w.text(page, l, PAGE.margin + LABEL_WIDTH, y - i * lead, size));
  return y - lines.length * lead - 6;
}

function footer(w: Writer, page: PDFPage, input: PackInput, n: number, total: number) {
  const y = PAGE.margin / 2;
  page.drawLine({ start: { x: PAGE.margin, y: y + 14 }, end: { x: PAGE.width - PAGE.margin, y: y + 14 }, thickness: 0.5, color: RULE });
  const left = w.wrap(`${input.brandName} · ${input.retailerName} · ${CASE_PACK.title} of ${usDate(input.generatedAt)}`, w.regular, 8, PAGE.width - 2 * PAGE.margin - 90, 1)[0] ?? '';
  w.text(page, left, PAGE.margin, y, 8, { color: MUTED });
  const right = CASE_PACK.pageOf(n, total);
  w.text(page, right, PAGE.width - PAGE.margin - w.regular.widthOfTextAtSize(right, 8), y, 8, { color: MUTED });
}

function cover(w: Writer, page: PDFPage, input: PackInput) {
  let y = PAGE.height - PAGE.margin - 24;
  w.text(page, CASE_PACK.title, PAGE.margin, y, 26, { bold: true });
  y -= 40;
  for (const [label, value] of [
    [L.brand, input.brandName],
    [L.retailer, input.retailerName],
    [L.generated, usDate(input.generatedAt)],
  ] as const) {
    y = field(w, page, y, label, value, 2);
  }
  y -= 10;
  const total = input.bySeverity.high + input.bySeverity.medium + input.bySeverity.low;
  w.text(page, `${L.active}: ${total}`, PAGE.margin, y, 16, { bold: true });
  y -= 28;
  const columns: [string, [string, number, RGB?][]][] = [
    [L.bySeverity, (['high', 'medium', 'low'] as const).map((s) => [CASE_PACK.severity[s], input.bySeverity[s], SEVERITY_COLOR[s]])],
    [L.byStatus, (['open', 'notified', 'acknowledged'] as const).map((s) => [CASE_PACK.status[s], input.byStatus[s]])],
  ];
  columns.forEach(([title, rows], col) => {
    const x = PAGE.margin + col * 230;
    let cy = y;
    w.text(page, title, x, cy, 11, { bold: true, color: MUTED });
    cy -= 20;
    for (const [label, n, color] of rows) {
      if (color) page.drawRectangle({ x, y: cy - 2, width: 8, height: 10, color });
      w.text(page, label, x + (color ? 14 : 0), cy, 11);
      const count = String(n);
      w.text(page, count, x + 170 - w.bold.widthOfTextAtSize(count, 11), cy, 11, { bold: true });
      cy -= 18;
    }
  });
  y -= 20 + 3 * 18 + 20;
  const notes = [CASE_PACK.intro, ...(input.cases.length < total ? [CASE_PACK.truncated(input.cases.length, total)] : [])];
  for (const [i, note] of notes.entries()) {
    for (const line of w.wrap(note, i ? w.bold : w.regular, 11, PAGE.width - 2 * PAGE.margin, 4)) {
      w.text(page, line, PAGE.margin, y, 11, { bold: i > 0 });
      y -= 15;
    }
    y -= 8;
  }
}

/** A picture in the PDF: its size in pixels, and how to draw it on a page. */
interface Embedded {
  width: number;
  height: number;
  draw(page: PDFPage, box: { x: number; y: number; width: number; height: number }): void;
}

/** The pictures in the space left (from `top` down to the footer), side by side, each with its caption. */
function pictures(w: Writer, page: PDFPage, top: number, kind: 'product' | 'profile', list: { which: 'image' | 'screenshot'; image?: Embedded; note?: string }[]) {
  const bottom = PAGE.margin + 10;
  const gap = 18;
  const width = (PAGE.width - 2 * PAGE.margin - gap * (list.length - 1)) / Math.max(1, list.length);
  list.forEach((p, i) => {
    const x = PAGE.margin + i * (width + gap);
    w.text(page, p.which === 'screenshot' ? L.screenshot : kind === 'profile' ? L.heroImage : L.picture, x, top, 10, { bold: true, color: MUTED });
    const boxTop = top - 10;
    if (p.image) {
      const scale = Math.min(width / p.image.width, (boxTop - bottom) / p.image.height, 1.5);
      const dims = { width: p.image.width * scale, height: p.image.height * scale };
      p.image.draw(page, { x, y: boxTop - dims.height, ...dims });
      page.drawRectangle({ x, y: boxTop - dims.height, ...dims, borderColor: RULE, borderWidth: 0.5 });
    } else {
      w.wrap(p.note ?? '', w.regular, 9.5, width, 4).forEach((l, k) => w.text(page, l, x, boxTop - 12 - k * 12, 9.5, { color: MUTED }));
    }
  });
}

/** What the pack has left of PACK_DECODE_PIXELS. */
interface Budget {
  pixels: number;
}

/** The picture embedded in the document, or why not ('format': not one a PDF shows, or damaged; 'tooLarge': over the decoding budget). */
async function embed(doc: PDFDocument, bytes: Uint8Array, budget: Budget): Promise<Embedded | 'format' | 'tooLarge'> {
  const format = pictureFormat(bytes);
  // A copy at offset 0 of its own buffer: pdf-lib reads the JPEG through a DataView of `bytes.buffer`
  // (a Node Buffer may be a slice of a shared pool).
  const own = new Uint8Array(bytes);
  const drawn = (img: { width: number; height: number; ref: PDFRef }): Embedded => ({
    width: img.width,
    height: img.height,
    draw: (page, box) => page.pushOperators(...drawImage(page.node.newXObject('Image', img.ref), { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) })),
  });
  try {
    if (format === 'jpeg') return drawn(await doc.embedJpg(own));
    if (format !== 'png') return 'format';
    const asIs = pngAsIs(own);
    if (asIs) {
      const ref = doc.context.register(
        doc.context.stream(asIs.data, {
          Type: 'XObject',
          Subtype: 'Image',
          Width: asIs.width,
          Height: asIs.height,
          ColorSpace: asIs.colors === 3 ? 'DeviceRGB' : 'DeviceGray',
          BitsPerComponent: 8,
          Filter: 'FlateDecode',
          DecodeParms: { Predictor: 15, Colors: asIs.colors, BitsPerComponent: 8, Columns: asIs.width },
        }),
      );
      return drawn({ width: asIs.width, height: asIs.height, ref });
    }
    const pixels = pngPixels(own);
    if (pixels > PNG_DECODE_PIXELS || pixels > budget.pixels) return 'tooLarge';
    budget.pixels -= pixels;
    return drawn(await doc.embedPng(own));
  } catch {
    // A damaged picture: named, not shown.
    return 'format';
  }
}

async function casePage(w: Writer, page: PDFPage, input: PackInput, item: PackCase, index: number, budget: Budget) {
  const c = item.record;
  const ev = c.evidence;
  let y = PAGE.height - PAGE.margin - 4;
  // The severity as a coloured tag, then the case's place in the pack.
  const tag = CASE_PACK.severity[c.severity].toUpperCase();
  const tagWidth = w.bold.widthOfTextAtSize(tag, 9) + 12;
  page.drawRectangle({ x: PAGE.margin, y: y - 4, width: tagWidth, height: 15, color: SEVERITY_COLOR[c.severity] });
  page.drawText(tag, { x: PAGE.margin + 6, y, size: 9, font: w.bold, color: rgb(1, 1, 1) });
  w.text(page, `${L.case} ${index + 1} of ${input.cases.length}`, PAGE.margin + tagWidth + 10, y, 9, { color: MUTED });
  y -= 30;
  for (const line of w.wrap(c.name || c.style_number || '—', w.bold, 18, PAGE.width - 2 * PAGE.margin, 2)) {
    w.text(page, line, PAGE.margin, y, 18, { bold: true });
    y -= 22;
  }
  y -= 6;
  const rows: [string, string, number][] = [];
  if (c.kind === 'product') rows.push([L.styleNumber, c.style_number, FIELD_LINES.other]);
  rows.push(
    [L.severity, CASE_PACK.severity[c.severity], 1],
    [L.status, CASE_PACK.status[c.status], 1],
    [L.opened, usDate(c.openedAt), 1],
    [L.notified, c.notifiedAt ? usDate(c.notifiedAt) : CASE_PACK.notNotified, 1],
  );
  if (c.repeats) rows.push([L.repeats, c.repeats === 1 ? 'once' : `${c.repeats} times`, 1]);
  rows.push([L.scanDate, usDate(ev.scanDate), 1], [L.reasons, reasonsText(ev.reasons) || CASE_PACK.none, FIELD_LINES.other], [L.message, ev.message || CASE_PACK.none, FIELD_LINES.message]);
  if (c.kind === 'product') {
    rows.push(
      [L.retailerPrice, money(ev.scraped.price), 1],
      [L.onHandPrice, ev.onHand ? `${money(ev.onHand.price)} (${[ev.onHand.serialNo, ev.onHand.styleName].filter(Boolean).join(', ')})` : CASE_PACK.notOnHand, 2],
      [L.gap, ev.gap ? `${money(ev.gap.amount)} (${ev.gap.percent > 0 ? '+' : ''}${ev.gap.percent}%)` : 'N/A', 1],
    );
  }
  rows.push([c.kind === 'product' ? L.page : L.brandPage, ev.scraped.URL || CASE_PACK.none, FIELD_LINES.url]);
  for (const [label, value, max] of rows) y = field(w, page, y, label, value, max);
  y -= 6;
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.5, color: RULE });
  y -= 20;
  if (!item.pictures.length) {
    w.text(page, CASE_PACK.noPicture, PAGE.margin, y, 10, { color: MUTED });
    return;
  }
  const shown = await Promise.all(
    item.pictures.map(async (p) => {
      if ('missing' in p) return { which: p.which, note: p.missing === 'gone' ? CASE_PACK.pictureGone : CASE_PACK.pictureTooLarge };
      const image = await embed(w.doc, p.bytes, budget);
      return typeof image === 'object' ? { which: p.which, image } : { which: p.which, note: image === 'tooLarge' ? CASE_PACK.pictureTooLarge : CASE_PACK.pictureNotShown };
    }),
  );
  pictures(w, page, y, c.kind, shown);
}

/** The pack's PDF: the cover, then one page per case in the order given. */
export async function buildEvidencePack(input: PackInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${CASE_PACK.title}: ${input.retailerName}`;
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  doc.setTitle(w.printable(title));
  doc.setSubject(w.printable(`${input.brandName}, ${input.retailerName}`));
  doc.setCreator('Retailer audit dashboard');
  doc.setCreationDate(new Date(input.generatedAt));
  doc.setModificationDate(new Date(input.generatedAt));
  const total = 1 + input.cases.length;
  const first = doc.addPage([PAGE.width, PAGE.height]);
  cover(w, first, input);
  footer(w, first, input, 1, total);
  const budget: Budget = { pixels: PACK_DECODE_PIXELS };
  for (const [i, item] of input.cases.entries()) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    await casePage(w, page, input, item, i, budget);
    footer(w, page, input, i + 2, total);
  }
  return doc.save();
}
