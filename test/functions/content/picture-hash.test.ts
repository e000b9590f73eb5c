/**
 * The picture fingerprint (functions/content/domain/picture-hash.ts) on pictures drawn here:
 * a photo-like picture (gradients, shapes, grain) stays the same picture re-encoded as a JPEG at
 * quality 60, halved or cropped to 85 %; another photo does not; a red logo turned blue keeps
 * its shapes but not its colours, so it is not the same picture; an SVG logo matches a PNG of
 * the same shapes; WebP is read; transparent pixels count as white; anything else is refused.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_SETTINGS, type PictureHash } from '../../../shared/content';
import { prng } from '../../../infra/local/prng';
import {
  colorDistance,
  decodePicture,
  fingerprint,
  hammingDistance,
  MAX_PICTURE_MEGAPIXELS,
  MAX_SAME_COLOR_DELTA_E,
  PictureError,
  pictureDistance,
  samePicture,
  SVG_RENDER_WIDTH,
} from '../../../functions/content/domain/picture-hash';

const MAX_BITS = DEFAULT_CONTENT_SETTINGS.imageDistance;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}
type Rgb = [number, number, number];
/** A shape as its colour and signed distance (picture widths) from its edge at a point: < 0 inside. */
type Shape = { rgb: Rgb; distance: (x: number, y: number) => number };

const disc = (cx: number, cy: number, r: number, rgb: Rgb): Shape => ({ rgb, distance: (x, y) => Math.hypot(x - cx, y - cy) - r });
const box = (x0: number, y0: number, x1: number, y1: number, rgb: Rgb): Shape => ({ rgb, distance: (x, y) => Math.max(x0 - x, x - x1, y0 - y, y - y1) });
const ring = (cx: number, cy: number, r: number, half: number, rgb: Rgb): Shape => ({ rgb, distance: (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - half });

/**
 * A background with shapes over it, edges antialiased over a pixel, plus grain. x and y are in
 * picture widths (0..1 across, 0..height/width down).
 */
function draw(width: number, height: number, background: (x: number, y: number) => [number, number, number, number], shapes: Shape[], grain = 0, seed = 1): Rgba {
  const data = new Uint8Array(width * height * 4);
  const noise = prng(seed);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const x = (i + 0.5) / width;
      const y = (j + 0.5) / width;
      let [r, g, b, a] = background(x, y);
      for (const s of shapes) {
        const cover = Math.max(0, Math.min(1, 0.5 - s.distance(x, y) * width));
        r += (s.rgb[0] - r) * cover;
        g += (s.rgb[1] - g) * cover;
        b += (s.rgb[2] - b) * cover;
        a += (255 - a) * cover;
      }
      const n = grain ? (noise() - 0.5) * grain : 0;
      data.set([r + n, g + n, b + n, a], (j * width + i) * 4);
    }
  }
  return { width, height, data };
}

const photo = () =>
  draw(400, 400, (x, y) => [70 + 150 * x, 60 + 110 * y, 150 - 90 * x * y, 255], [disc(0.33, 0.38, 0.2, [90, 40, 30]), box(0.55, 0.5, 0.86, 0.82, [230, 190, 60]), disc(0.7, 0.22, 0.09, [250, 245, 230]), box(0.1, 0.7, 0.45, 0.76, [30, 60, 40])], 18, 7);
const otherPhoto = () =>
  draw(400, 400, (x, y) => [200 - 120 * y, 90 + 60 * x, 60 + 150 * y, 255], [ring(0.68, 0.66, 0.2, 0.05, [20, 30, 90]), box(0.08, 0.08, 0.42, 0.3, [240, 120, 110]), box(0.15, 0.45, 0.22, 0.92, [250, 250, 240]), disc(0.3, 0.62, 0.07, [40, 120, 60])], 18, 11);
const RED: Rgb = [200, 16, 46];
const logo = () => draw(400, 400, () => [255, 255, 255, 255], [ring(0.5, 0.5, 0.33, 0.06, RED), box(0.3, 0.44, 0.7, 0.56, RED), box(0.44, 0.24, 0.56, 0.44, RED)]);

/** Rotate every pixel's hue (the luminance-keeping matrix of CSS hue-rotate()). */
function hueRotate(p: Rgba, degrees: number): Rgba {
  const t = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  const m = [
    [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
    [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283],
    [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
  ];
  const data = new Uint8Array(p.data);
  for (let i = 0; i < data.length; i += 4) {
    const rgb = [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
    for (let k = 0; k < 3; k++) data[i + k] = Math.round(Math.max(0, Math.min(255, m[k]![0]! * rgb[0]! + m[k]![1]! * rgb[1]! + m[k]![2]! * rgb[2]!)));
  }
  return { ...p, data };
}

/** Half the size, each pixel the mean of 2x2. */
function halve(p: Rgba): Rgba {
  const [w, h] = [p.width >> 1, p.height >> 1];
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 4; c++) {
        const at = (dx: number, dy: number) => p.data[((2 * y + dy) * p.width + 2 * x + dx) * 4 + c]!;
        data[(y * w + x) * 4 + c] = Math.round((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4);
      }
    }
  }
  return { width: w, height: h, data };
}

/** The centred crop keeping `fraction` of each side. */
function crop(p: Rgba, fraction: number): Rgba {
  const [w, h] = [Math.round(p.width * fraction), Math.round(p.height * fraction)];
  const [x0, y0] = [Math.round((p.width - w) / 2), Math.round((p.height - h) / 2)];
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(p.data.subarray(((y0 + y) * p.width + x0) * 4, ((y0 + y) * p.width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, data };
}

function asPng(p: Rgba): Uint8Array {
  const png = new PNG({ width: p.width, height: p.height });
  png.data = Buffer.from(p.data);
  return new Uint8Array(PNG.sync.write(png));
}
const asJpeg = (p: Rgba, quality: number) => new Uint8Array(jpeg.encode({ width: p.width, height: p.height, data: p.data }, quality).data);

let original: PictureHash;
beforeAll(async () => {
  original = await fingerprint(asPng(photo()));
});

describe('fingerprint: the same picture', () => {
  it('re-encoded as a JPEG at quality 60', async () => {
    const copy = await fingerprint(asJpeg(photo(), 60));
    expect(pictureDistance(original, copy)).toBeLessThanOrEqual(MAX_BITS);
    expect(samePicture(original, copy, MAX_BITS)).toBe(true);
    expect(copy.sha256).not.toBe(original.sha256);
  });

  it('resized to 200x200', async () => {
    const small = await fingerprint(asPng(halve(photo())));
    expect([small.width, small.height]).toEqual([200, 200]);
    expect(pictureDistance(original, small)).toBeLessThanOrEqual(MAX_BITS);
    expect(samePicture(original, small, MAX_BITS)).toBe(true);
  });

  it('cropped to its centred 85 %: its crop hashes match where the whole pictures alone do not', async () => {
    const cropped = await fingerprint(asPng(crop(photo(), 0.85)));
    expect(hammingDistance(original.phashes[0]!, cropped.phashes[0]!)).toBeGreaterThan(MAX_BITS);
    expect(pictureDistance(original, cropped)).toBeLessThanOrEqual(MAX_BITS);
    expect(samePicture(original, cropped, MAX_BITS)).toBe(true);
  });

  it('a logo on white re-encoded as a JPEG at quality 60 (flat pictures keep their bits)', async () => {
    const [png, jpg] = await Promise.all([fingerprint(asPng(logo())), fingerprint(asJpeg(logo(), 60))]);
    expect(pictureDistance(png, jpg)).toBeLessThanOrEqual(MAX_BITS);
    expect(samePicture(png, jpg, MAX_BITS)).toBe(true);
  });
});

describe('fingerprint: not the same picture', () => {
  it('another photo (other shapes, other gradient)', async () => {
    const other = await fingerprint(asPng(otherPhoto()));
    expect(pictureDistance(original, other)).toBeGreaterThan(20);
    expect(samePicture(original, other, MAX_BITS)).toBe(false);
  });

  it('a red logo turned blue: the same shapes, other colours', async () => {
    const blue = hueRotate(logo(), 240);
    const ringTop = (120 * 400 + 200) * 4;
    const [r, g, b] = blue.data.subarray(ringTop, ringTop + 3);
    expect(b! > 150 && r! < 30 && g! < 100).toBe(true); // the red ring is blue now
    const [red, recoloured] = await Promise.all([fingerprint(asPng(logo())), fingerprint(asPng(blue))]);
    expect(pictureDistance(red, recoloured)).toBeLessThanOrEqual(MAX_BITS);
    expect(colorDistance(red, recoloured)).toBeGreaterThan(MAX_SAME_COLOR_DELTA_E);
    expect(samePicture(red, recoloured, MAX_BITS)).toBe(false);
  });

  it('a photo with its hues rotated', async () => {
    const rotated = await fingerprint(asPng(hueRotate(photo(), 120)));
    expect(colorDistance(original, rotated)).toBeGreaterThan(MAX_SAME_COLOR_DELTA_E);
    expect(samePicture(original, rotated, MAX_BITS)).toBe(false);
  });
});

describe('fingerprint: what it keeps', () => {
  it('identical bytes give the identical fingerprint, SHA-256 of the bytes first', async () => {
    const bytes = asPng(photo());
    const again = await fingerprint(new Uint8Array(bytes));
    expect(again).toEqual(original);
    expect(again.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(again.phashes).toHaveLength(3);
    for (const h of again.phashes) expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(again.colors).toHaveLength(48);
    for (const v of again.colors) expect(Math.round(v * 10) / 10).toBe(v);
  });

  it('transparent pixels count as white', async () => {
    const square = [box(0.3, 0.3, 0.7, 0.7, [20, 20, 20])];
    const [clear, white] = await Promise.all([
      fingerprint(asPng(draw(120, 120, () => [0, 0, 0, 0], square))),
      fingerprint(asPng(draw(120, 120, () => [255, 255, 255, 255], square))),
    ]);
    expect(clear.sha256).not.toBe(white.sha256);
    expect(clear.phashes).toEqual(white.phashes);
    expect(colorDistance(clear, white)).toBeLessThan(0.2);
    expect(clear.colors.slice(0, 3)).toEqual([100, 0, 0]); // the top-left cell: white, not black
  });
});

describe('decodePicture', () => {
  const SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!-- the brand's logo -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">
  <circle cx="50" cy="50" r="35" fill="#c8102e"/>
  <rect x="110" y="20" width="70" height="60" fill="#1f3c88"/>
</svg>`;

  it('renders an SVG logo SVG_RENDER_WIDTH wide, matching a PNG of the same shapes drawn in code', async () => {
    const svg = new TextEncoder().encode(SVG);
    const picture = await decodePicture(svg);
    const [w, h] = [SVG_RENDER_WIDTH, SVG_RENDER_WIDTH / 2];
    expect([picture.width, picture.height]).toEqual([w, h]);
    expect(picture.data).toHaveLength(w * h * 4);
    const centre = ((h / 2) * w + w / 4) * 4; // the circle's centre
    expect([...picture.data.subarray(centre, centre + 4)]).toEqual([0xc8, 0x10, 0x2e, 255]);
    expect(picture.data[3]).toBe(0); // transparent outside the shapes
    // The same shapes at 300x150, white around them (the SVG's transparency reads as white too).
    const drawn = draw(300, 150, () => [255, 255, 255, 255], [disc(0.25, 0.25, 0.175, [0xc8, 0x10, 0x2e]), box(0.55, 0.1, 0.9, 0.4, [0x1f, 0x3c, 0x88])]);
    const [fromSvg, fromPng, again] = await Promise.all([fingerprint(svg), fingerprint(asPng(drawn)), fingerprint(svg)]);
    expect(again).toEqual(fromSvg);
    expect(pictureDistance(fromSvg, fromPng)).toBeLessThanOrEqual(MAX_BITS);
    expect(samePicture(fromSvg, fromPng, MAX_BITS)).toBe(true);
  });

  it('reads a WebP (encoded here by @jsquash/webp)', async () => {
    const require = createRequire(import.meta.url);
    // Node has WebAssembly SIMD, so encode.js loads its SIMD build: give it that build's wasm.
    await (initWebpEncoder as unknown as (m: WebAssembly.Module) => Promise<unknown>)(await WebAssembly.compile(readFileSync(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm'))));
    const p = photo();
    const webp = new Uint8Array(await encodeWebp({ width: p.width, height: p.height, data: new Uint8ClampedArray(p.data), colorSpace: 'srgb' } as ImageData, { quality: 75 }));
    expect(new TextDecoder().decode(webp.subarray(8, 12))).toBe('WEBP');
    const picture = await decodePicture(webp);
    expect([picture.width, picture.height]).toEqual([400, 400]);
    const fromWebp = await fingerprint(webp);
    expect(samePicture(original, fromWebp, MAX_BITS)).toBe(true);
  });

  it('refuses what is not a JPEG, PNG, WebP or SVG picture', async () => {
    const text = new TextEncoder().encode('SKU;name;price\nAB-1;Bag;1450.00\n');
    await expect(decodePicture(text)).rejects.toThrow(new PictureError('Not a JPEG, PNG, WebP or SVG picture.'));
    await expect(fingerprint(text)).rejects.toBeInstanceOf(PictureError);
    await expect(fingerprint(new TextEncoder().encode('<html><body><svg></svg></body></html>'))).rejects.toBeInstanceOf(PictureError);
  });

  it('refuses a broken picture', async () => {
    const png = asPng(photo());
    await expect(decodePicture(png.subarray(0, 200))).rejects.toThrow(/^The PNG picture could not be read/);
    await expect(decodePicture(asJpeg(photo(), 80).subarray(0, 300))).rejects.toBeInstanceOf(PictureError);
    await expect(decodePicture(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect'))).rejects.toThrow(/^The SVG picture could not be read/);
  });

  it(`refuses a picture over ${MAX_PICTURE_MEGAPIXELS} megapixels before decoding it`, async () => {
    // A small picture whose header says 8000x6000 (48 MP): refused from the header, nothing allocated.
    const png = asPng(draw(8, 8, () => [255, 0, 0, 255], []));
    const view = new DataView(png.buffer, png.byteOffset);
    view.setUint32(16, 8000);
    view.setUint32(20, 6000);
    await expect(decodePicture(png)).rejects.toThrow(new PictureError('The picture is 8000x6000 pixels (48.0 megapixels): over the 40 megapixel limit.'));
    const jpg = asJpeg(draw(8, 8, () => [255, 0, 0, 255], []), 90);
    const sof = jpg.findIndex((b, i) => b === 0xff && jpg[i + 1] === 0xc0);
    new DataView(jpg.buffer, jpg.byteOffset).setUint16(sof + 5, 6000);
    new DataView(jpg.buffer, jpg.byteOffset).setUint16(sof + 7, 8000);
    await expect(decodePicture(jpg)).rejects.toThrow(new PictureError('The JPEG picture is over the 40 megapixel limit.'));
  });
});

describe('distances', () => {
  const hash = (phashes: string[], colors: number[]): PictureHash => ({ sha256: '', phashes, colors, width: 1, height: 1 });
  const white = Array.from({ length: 16 }, () => [100, 0, 0]).flat();

  it('hammingDistance counts the bits two hex hashes differ by', () => {
    expect(hammingDistance('0000000000000000', '000000000000000f')).toBe(4);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('8000000000000001', '8000000000000001')).toBe(0);
    expect(() => hammingDistance('00', '000')).toThrow();
  });

  it('pictureDistance takes the closest pair: a crop of one against the whole of the other', () => {
    const a = hash(['ffffffffffffffff', '00000000000000ff'], white);
    const b = hash(['00000000000000f0', '0000000000000000'], white);
    expect(pictureDistance(a, b)).toBe(4);
    expect(pictureDistance(b, a)).toBe(4);
  });

  it('colorDistance is the mean ΔE of the cells', () => {
    const oneCellOff = [...white];
    oneCellOff.splice(0, 3, 100, 30, 40); // ΔE 50 in 1 of 16 cells
    expect(colorDistance(hash([], white), hash([], oneCellOff))).toBeCloseTo(50 / 16, 10);
    expect(colorDistance(hash([], white), hash([], white))).toBe(0);
  });
});
