/**
 * Reads a PDF back for the tests (issue 24 §2's evidence pack): its pages and, per page, the text
 * drawn on it and the pictures it holds, through pdf-lib itself (no other tool on the machine).
 * pdf-lib draws each line of text as one hex string shown with `Tj`, in the standard fonts'
 * WinAnsi encoding: those strings are decoded back, one line each.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';

/** WinAnsi's 0x80–0x9F (the rest of it is Latin-1). */
const WIN_ANSI: Record<number, string> = { 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x80: '€', 0x99: '™' };
const decodeHex = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((h) => parseInt(h, 16))
    .map((b) => WIN_ANSI[b] ?? String.fromCharCode(b))
    .join('');

function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  return streams
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''))
    .join('\n');
}

/** The lines of text of each page, in drawing order. */
export async function pdfPages(bytes: Uint8Array): Promise<{ count: number; lines: string[][]; images: number[]; doc: PDFDocument }> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages();
  const lines = pages.map((p) => [...contentOf(p).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => decodeHex(m[1]!)));
  const images = pages.map((p) => {
    const xobjects = p.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return xobjects ? xobjects.keys().length : 0;
  });
  return { count: pages.length, lines, images, doc };
}

/** A page's text as one string (lines joined by a newline). */
export const pageText = (lines: string[]) => lines.join('\n');
