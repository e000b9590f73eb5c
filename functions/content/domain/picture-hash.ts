/**
 * A picture's fingerprint for the image checks (issue 38): decode a JPEG, PNG, WebP or SVG
 * picture to RGBA (pure JS or WASM decoders, so an ARM64 Lambda needs no native binary), then
 * compute what `PictureHash` keeps: the bytes' SHA-256 (the same file seen again), 64-bit DCT
 * perceptual hashes of the whole picture and of its centred 90 % and 80 % crops (a re-encoded,
 * resized or cropped packshot still matches the official one), and a 4x4 grid of mean CIE L*a*b*
 * colours (a recoloured logo has the same shapes, hence a close pHash, but not the same colours).
 * Pure: no AWS; the only I/O is reading the decoders' .wasm files from node_modules, once.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import { initWasm as initResvg, Resvg } from '@resvg/resvg-wasm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { MAX_SAME_COLOR_DELTA_E, type PictureHash } from '../../../shared/content';

/** A picture that cannot be fingerprinted: not a picture we read, broken, or too large. */
export class PictureError extends Error {
  override name = 'PictureError';
}

/** Pictures above this many pixels (millions) are refused before they are decoded (a 40 MP RGBA picture is 160 MB). */
export const MAX_PICTURE_MEGAPIXELS = 40;
/**
 * jpeg-js's own memory guard, in its accounting: a 40 MP JPEG without chroma subsampling counts
 * ~880 MB (Int32 coefficient blocks 480 MB, component planes 120 MB, RGB 120 MB, RGBA 160 MB),
 * so any picture within the pixel limit decodes and a crafted file stops before it exhausts
 * the function.
 */
export const MAX_JPEG_MEMORY_MB = 1024;
/** An SVG (a logo, a packshot) is rendered to this width, its height from its aspect ratio: the hashes read a 32x32 grey picture, so 256 is 8 samples a cell, at half the time of 512. */
export const SVG_RENDER_WIDTH = 256;
/** The centred crops hashed besides the whole picture (fraction of each side). */
export const CROP_FRACTIONS = [0.9, 0.8] as const;
/** The colour limit both the fingerprint and the checks use (shared/content.ts, where its measurements are). */
export { MAX_SAME_COLOR_DELTA_E };

export interface DecodedPicture {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel, row by row. */
  data: Uint8Array;
}

type Format = 'jpeg' | 'png' | 'webp' | 'svg';

/**
 * A decoder's .wasm, resolved as a package file from this module: from its URL under ESM, from
 * the file under a CJS bundle (esbuild leaves `import.meta` empty there); in a Lambda, the copies
 * bundled beside the handler. Resolved on first use, so a function that
 * reads only JPEG and PNG never looks.
 */
const wasmBytes = (specifier: string) => {
  // In a Lambda the bundle's folder holds the two .wasm files (infra/workflow/content-checks.ts copyFiles).
  const beside = typeof __dirname === 'string' ? path.join(__dirname, path.basename(specifier)) : '';
  return readFile(beside && existsSync(beside) ? beside : createRequire(import.meta.url || __filename).resolve(specifier));
};

const NOT_A_PICTURE = 'Not a JPEG, PNG, WebP or SVG picture.';
// What may precede the <svg> element: an XML declaration, comments, a doctype, white space.
const SVG_HEAD = /^(?:\s|<\?xml[^>]*>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*<svg[\s>/]/i;

/** The format by the file's first bytes (never its name or content type: robots save what servers send). */
function sniff(bytes: Uint8Array): Format | null {
  const at = (i: number, ...sig: number[]) => sig.every((b, k) => bytes[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  return SVG_HEAD.test(head) ? 'svg' : null;
}

function checkSize(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new PictureError(`The picture has no size (${width}x${height} pixels).`);
  if (width * height > MAX_PICTURE_MEGAPIXELS * 1e6) {
    throw new PictureError(`The picture is ${width}x${height} pixels (${((width * height) / 1e6).toFixed(1)} megapixels): over the ${MAX_PICTURE_MEGAPIXELS} megapixel limit.`);
  }
}

/** A PNG's size from its IHDR chunk (always first), so an oversized one is refused before pngjs allocates it. */
function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 24) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return [v.getUint32(16), v.getUint32(20)];
}

/** A WebP's canvas size from its first chunk (VP8X extended, VP8L lossless or VP8 lossy). */
function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  const u24 = (i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
  if (chunk === 'VP8X') return [u24(24) + 1, u24(27) + 1];
  if (chunk === 'VP8L') {
    const bits = (u24(21) | (b[24]! << 24)) >>> 0;
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8 ') return [(b[26]! | (b[27]! << 8)) & 0x3fff, (b[28]! | (b[29]! << 8)) & 0x3fff];
  return null;
}

let webpReady: Promise<void> | undefined;
/** The WebP decoder's wasm, compiled from node_modules once (its glue would fetch() it, as in a browser). */
function webpDecoder(): Promise<void> {
  webpReady ??= (async () => {
    const module = await WebAssembly.compile(await wasmBytes('@jsquash/webp/codec/dec/webp_dec.wasm'));
    // decode.js's init takes a compiled module first (README: "Manual WASM initialisation"); its .d.ts only lists the options form.
    await (initWebpDecoder as unknown as (module: WebAssembly.Module) => Promise<void>)(module);
  })().catch((e: unknown) => {
    webpReady = undefined;
    throw e;
  });
  return webpReady;
}

let resvgReady: Promise<void> | undefined;
/** resvg's wasm, initialised once (a second initWasm throws). */
function svgRenderer(): Promise<void> {
  resvgReady ??= (async () => initResvg(await wasmBytes('@resvg/resvg-wasm/index_bg.wasm')))().catch((e: unknown) => {
    resvgReady = undefined;
    throw e;
  });
  return resvgReady;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

function decodeJpeg(bytes: Uint8Array): DecodedPicture {
  try {
    const { width, height, data } = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PICTURE_MEGAPIXELS, maxMemoryUsageInMB: MAX_JPEG_MEMORY_MB });
    return { width, height, data };
  } catch (e) {
    const message = reason(e);
    if (message.includes('maxResolutionInMP')) throw new PictureError(`The JPEG picture is over the ${MAX_PICTURE_MEGAPIXELS} megapixel limit.`);
    throw new PictureError(`The JPEG picture could not be read: ${message}`);
  }
}

function decodePng(bytes: Uint8Array): DecodedPicture {
  const size = pngSize(bytes);
  if (size) checkSize(...size);
  try {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  } catch (e) {
    throw new PictureError(`The PNG picture could not be read: ${reason(e)}`);
  }
}

async function decodeWebpPicture(bytes: Uint8Array): Promise<DecodedPicture> {
  const size = webpSize(bytes);
  if (size) checkSize(...size);
  await webpDecoder();
  try {
    const image = await decodeWebp(bytes.slice().buffer);
    return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
  } catch (e) {
    throw new PictureError(`The WebP picture could not be read: ${reason(e)}`);
  }
}

async function renderSvg(bytes: Uint8Array): Promise<DecodedPicture> {
  await svgRenderer();
  let resvg: InstanceType<typeof Resvg>;
  try {
    // No system fonts: none in a Lambda, and looking for them costs every render.
    resvg = new Resvg(bytes, { fitTo: { mode: 'width', value: SVG_RENDER_WIDTH }, font: { loadSystemFonts: false } });
  } catch (e) {
    throw new PictureError(`The SVG picture could not be read: ${reason(e)}`);
  }
  try {
    if (!(resvg.width > 0 && resvg.height > 0)) throw new PictureError(`The SVG picture has no size (${resvg.width}x${resvg.height}).`);
    checkSize(SVG_RENDER_WIDTH, Math.ceil((SVG_RENDER_WIDTH * resvg.height) / resvg.width));
    const image = resvg.render();
    try {
      return { width: image.width, height: image.height, data: image.pixels };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * The picture's RGBA pixels, its format told by its first bytes. An SVG is rendered
 * `SVG_RENDER_WIDTH` wide, transparent where it draws nothing. Throws a `PictureError` for
 * anything else, a broken file or a picture over `MAX_PICTURE_MEGAPIXELS`.
 */
export async function decodePicture(bytes: Uint8Array): Promise<DecodedPicture> {
  const format = sniff(bytes);
  const picture =
    format === 'jpeg' ? decodeJpeg(bytes)
    : format === 'png' ? decodePng(bytes)
    : format === 'webp' ? await decodeWebpPicture(bytes)
    : format === 'svg' ? await renderSvg(bytes)
    : null;
  if (!picture) throw new PictureError(NOT_A_PICTURE);
  checkSize(picture.width, picture.height);
  return picture;
}

const HASH_SIDE = 32;
/**
 * A logo on white is mostly flat and often symmetric: many of its coefficients are ~0, at the
 * median, and a JPEG re-encode or a resize flips their bits at random (a logo re-encoded at
 * quality 60 was 12-14 bits from itself, over the default imageDistance of 10). Counting a
 * coefficient as above the median only beyond 2 % of the RMS keeps those bits 0: the same
 * logo re-encoded or halved is then 0 bits away, two different logos still 15-18, and photos
 * are unchanged (0 to set the classic comparison back).
 */
const PHASH_DEAD_ZONE = 0.02;
const LOW = 8;
const GRID = 4;

/**
 * Area-averaging weights of `n` equal bins over [start, start + length) of pixels 0..size-1
 * (pixel p covers [p, p + 1)): for each bin its first pixel and the weights of the pixels it
 * overlaps, summing to 1. Works both ways: a bin narrower than a pixel takes part of one.
 */
function areaBins(start: number, length: number, n: number, size: number): { first: number; weights: Float64Array }[] {
  const step = length / n;
  return Array.from({ length: n }, (_, i) => {
    const lo = Math.max(0, start + i * step);
    const hi = Math.min(size, start + (i + 1) * step);
    const first = Math.min(size - 1, Math.floor(lo));
    const last = Math.max(first, Math.ceil(hi) - 1);
    const weights = new Float64Array(last - first + 1);
    let sum = 0;
    for (let p = first; p <= last; p++) sum += weights[p - first] = Math.max(0, Math.min(hi, p + 1) - Math.max(lo, p));
    if (sum === 0) weights[0] = 1;
    else for (let k = 0; k < weights.length; k++) weights[k]! /= sum;
    return { first, weights };
  });
}

/**
 * One centred crop being reduced to 32x32 as the rows stream by. Across a row, a bin's mean is
 * read off the row's running sum at the bin's two edges (the running sum of constant pixels is
 * linear within each pixel, so this is exact area averaging, fractional edges included); down
 * the picture, each row adds its weight in the bins it falls in.
 */
interface CropReducer {
  /** The 33 bin edges across: the pixel each falls in and how far into it (0..1]. */
  edgePixel: Int32Array;
  edgeInto: Float64Array;
  binWidth: Float64Array;
  /** Per row of the picture: the vertical bins it falls in and its weight in each (empty outside the crop). */
  rows: { bin: number; weight: number }[][];
  sums: Float64Array;
}

function cropReducer(width: number, height: number, fraction: number): CropReducer {
  const w = width * fraction;
  const h = height * fraction;
  const edges = Array.from({ length: HASH_SIDE + 1 }, (_, i) => (width - w) / 2 + (i * w) / HASH_SIDE);
  const edgePixel = Int32Array.from(edges, (e) => Math.min(width - 1, Math.floor(e)));
  const edgeInto = Float64Array.from(edges, (e, i) => e - edgePixel[i]!);
  const binWidth = Float64Array.from({ length: HASH_SIDE }, (_, i) => edges[i + 1]! - edges[i]!);
  const rows: { bin: number; weight: number }[][] = Array.from({ length: height }, () => []);
  areaBins((height - h) / 2, h, HASH_SIDE, height).forEach(({ first, weights }, bin) => weights.forEach((weight, k) => weight > 0 && rows[first + k]!.push({ bin, weight })));
  return { edgePixel, edgeInto, binWidth, rows, sums: new Float64Array(HASH_SIDE * HASH_SIDE) };
}

// Orthonormal DCT-II basis, the 8 lowest frequencies over 32 samples.
const DCT = Array.from({ length: LOW }, (_, u) => Float64Array.from({ length: HASH_SIDE }, (_, x) => (u === 0 ? Math.sqrt(1 / HASH_SIDE) : Math.sqrt(2 / HASH_SIDE)) * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE))));

/**
 * Classic pHash of a 32x32 grey picture: 2-D DCT, its top-left 8x8 (lowest frequencies), each
 * coefficient but the DC term (the mean brightness) set as a bit when above the median of those
 * 63; the DC's bit is always 0. Two guards against noise: coefficients are rounded to 1e-6 (a
 * flat picture hashes to zeros, not to float noise), and a bit is set only above the median by
 * `PHASH_DEAD_ZONE` of the coefficients' RMS.
 */
function phash(gray: Float64Array): string {
  const rows = new Float64Array(HASH_SIDE * LOW); // rows[y * LOW + v]: each row's horizontal frequencies
  for (let y = 0; y < HASH_SIDE; y++) {
    for (let v = 0; v < LOW; v++) {
      let s = 0;
      for (let x = 0; x < HASH_SIDE; x++) s += DCT[v]![x]! * gray[y * HASH_SIDE + x]!;
      rows[y * LOW + v] = s;
    }
  }
  const coef = new Float64Array(LOW * LOW);
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      let s = 0;
      for (let y = 0; y < HASH_SIDE; y++) s += DCT[u]![y]! * rows[y * LOW + v]!;
      coef[u * LOW + v] = Math.round(s * 1e6) / 1e6;
    }
  }
  const median = [...coef.subarray(1)].sort((a, b) => a - b)[(LOW * LOW - 1) >> 1]!;
  let energy = 0;
  for (let k = 1; k < LOW * LOW; k++) energy += coef[k]! * coef[k]!;
  const dead = PHASH_DEAD_ZONE * Math.sqrt(energy / (LOW * LOW - 1));
  let hex = '';
  for (let k = 0; k < LOW * LOW; k += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j++) nibble = (nibble << 1) | (k + j > 0 && coef[k + j]! > median + dead ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

// sRGB 8-bit to linear light.
const LINEAR = Float64Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
// Linear sRGB to CIE XYZ (D65), each row divided by the white's X, Y or Z.
const [XR, XG, XB] = [0.4124564 / 0.95047, 0.3575761 / 0.95047, 0.1804375 / 0.95047];
const [YR, YG, YB] = [0.2126729, 0.7151522, 0.072175];
const [ZR, ZG, ZB] = [0.0193339 / 1.08883, 0.119192 / 1.08883, 0.9503041 / 1.08883];
/** CIE's f(t) of L*a*b* (a cube root, linear near black). */
const cieF = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
// f tabulated over [0, 1] (where an sRGB colour's X/Xn, Y/Yn, Z/Zn lie; a row of the matrix sums
// to 1) in 2^16 steps and read at the step below (within 0.02 of L*, 0.06 of a*, 0.03 of b*;
// the grid keeps 1 decimal): no cube root per pixel.
const F_STEPS = 65536;
const F_TABLE = Float64Array.from({ length: F_STEPS + 2 }, (_, i) => cieF(i / F_STEPS));
const fOf = (t: number) => F_TABLE[(t * F_STEPS) | 0]!;

/**
 * The perceptual hashes (whole picture, then each `CROP_FRACTIONS` crop) and the colour grid of
 * decoded pixels, in one pass over the rows: each pixel composited on white, its luma
 * (Rec. 601) area-averaged into each crop's 32x32, its L*a*b* (D65) summed into its 4x4 cell.
 * L*, a* and b* are linear in f(X), f(Y), f(Z), so those are what is summed; a cell's mean is
 * rounded to 1 decimal.
 */
export function pictureSignature(picture: DecodedPicture): Pick<PictureHash, 'phashes' | 'colors'> {
  const { width, height, data } = picture;
  const reducers = [1, ...CROP_FRACTIONS].map((f) => cropReducer(width, height, f));
  const cellOfColumn = Int32Array.from({ length: width }, (_, x) => Math.floor((x * GRID) / width));
  const cells = new Float64Array(GRID * GRID * 4); // sums of f(X/Xn), f(Y/Yn), f(Z/Zn) and the pixel count
  const running = new Float64Array(width + 1); // running[x]: the row's grey summed over pixels 0..x-1
  const atEdge = new Float64Array(HASH_SIDE + 1);
  const binned = new Float64Array(HASH_SIDE);
  for (let y = 0; y < height; y++) {
    const cellRow = Math.floor((y * GRID) / height) * GRID;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      let r = data[i]!;
      let g = data[i + 1]!;
      let b = data[i + 2]!;
      const a = data[i + 3]!;
      if (a !== 255) {
        const white = 255 - a;
        r = Math.round((r * a + 255 * white) / 255);
        g = Math.round((g * a + 255 * white) / 255);
        b = Math.round((b * a + 255 * white) / 255);
      }
      running[x + 1] = running[x]! + 0.299 * r + 0.587 * g + 0.114 * b;
      const lr = LINEAR[r]!;
      const lg = LINEAR[g]!;
      const lb = LINEAR[b]!;
      const c = (cellRow + cellOfColumn[x]!) * 4;
      cells[c]! += fOf(XR * lr + XG * lg + XB * lb);
      cells[c + 1]! += fOf(YR * lr + YG * lg + YB * lb);
      cells[c + 2]! += fOf(ZR * lr + ZG * lg + ZB * lb);
      cells[c + 3]! += 1;
    }
    for (const reducer of reducers) {
      const rowBins = reducer.rows[y]!;
      if (rowBins.length === 0) continue;
      const { edgePixel, edgeInto, binWidth } = reducer;
      for (let e = 0; e <= HASH_SIDE; e++) {
        const p = edgePixel[e]!;
        atEdge[e] = running[p]! + edgeInto[e]! * (running[p + 1]! - running[p]!);
      }
      for (let i = 0; i < HASH_SIDE; i++) binned[i] = (atEdge[i + 1]! - atEdge[i]!) / binWidth[i]!;
      for (const { bin, weight } of rowBins) {
        const row = bin * HASH_SIDE;
        for (let i = 0; i < HASH_SIDE; i++) reducer.sums[row + i]! += weight * binned[i]!;
      }
    }
  }
  const colors: number[] = [];
  for (let c = 0; c < GRID * GRID; c++) {
    const n = cells[c * 4 + 3]!;
    // A picture narrower or shorter than the grid leaves cells empty: they read as white, the background.
    const [fx, fy, fz] = n ? [cells[c * 4]! / n, cells[c * 4 + 1]! / n, cells[c * 4 + 2]! / n] : [1, 1, 1];
    for (const v of [116 * fy! - 16, 500 * (fx! - fy!), 200 * (fy! - fz!)]) colors.push(Math.round(v * 10) / 10 + 0);
  }
  return { phashes: reducers.map((r) => phash(r.sums)), colors };
}

/** The picture's fingerprint (see the header): throws a `PictureError` as `decodePicture` does. */
export async function fingerprint(bytes: Uint8Array): Promise<PictureHash> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const picture = await decodePicture(bytes);
  return { sha256, ...pictureSignature(picture), width: picture.width, height: picture.height };
}

const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** How many bits two hex hashes of the same length differ by. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error(`Hashes of different lengths (${a.length} and ${b.length} hex characters).`);
  let bits = 0;
  for (let i = 0; i < a.length; i++) {
    const x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    if (Number.isNaN(x)) throw new Error(`Not a hex hash: ${a} or ${b}.`);
    bits += NIBBLE_BITS[x]!;
  }
  return bits;
}

/** The smallest Hamming distance between any hash of one and any of the other (a crop of one matches the other's whole). */
export function pictureDistance(a: PictureHash, b: PictureHash): number {
  let best = Infinity;
  for (const x of a.phashes) for (const y of b.phashes) best = Math.min(best, hammingDistance(x, y));
  return best;
}

/** Mean CIE76 ΔE between the two colour grids' cells. */
export function colorDistance(a: PictureHash, b: PictureHash): number {
  if (a.colors.length !== b.colors.length || a.colors.length % 3 !== 0 || a.colors.length === 0) {
    throw new Error(`Colour grids of different sizes (${a.colors.length} and ${b.colors.length} numbers).`);
  }
  let sum = 0;
  for (let i = 0; i < a.colors.length; i += 3) {
    sum += Math.hypot(a.colors[i]! - b.colors[i]!, a.colors[i + 1]! - b.colors[i + 1]!, a.colors[i + 2]! - b.colors[i + 2]!);
  }
  return sum / (a.colors.length / 3);
}

/**
 * The same picture: perceptual hashes at most `maxDistance` bits apart (ContentSettings'
 * imageDistance) and colours closer than `MAX_SAME_COLOR_DELTA_E` (a recoloured copy is not).
 */
export function samePicture(a: PictureHash, b: PictureHash, maxDistance: number): boolean {
  return pictureDistance(a, b) <= maxDistance && colorDistance(a, b) < MAX_SAME_COLOR_DELTA_E;
}
