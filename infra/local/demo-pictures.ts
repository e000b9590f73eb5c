/**
 * The demo's pictures, drawn by code as small SVG documents (a few KB each, nothing downloaded):
 * product packshots per category (bags, small leather goods, shoes, jewellery and watches,
 * scarves, eyewear) in the item's colour, the retailers' product pages and brand landing pages
 * as a robot's screenshots, the brands' logos and campaign hero images, and the retailers'
 * homepage menus. Deterministic: the same item always gives the same bytes, so a robot that meets
 * an unchanged picture stores it once (PictureFolder; infra/local/demo-files.ts).
 */
import { createHash } from 'node:crypto';

export interface Palette {
  base: string;
  shade: string;
  light: string;
}

/** The catalogue's colours (demo-files.ts COLORS), as a leather goods house would show them. */
const COLORWAYS: Readonly<Record<string, Palette>> = {
  Noir: { base: '#2a2a2d', shade: '#151517', light: '#56565c' },
  Ivory: { base: '#e9e0cd', shade: '#c7b99c', light: '#f8f4ea' },
  Cognac: { base: '#9a5a2e', shade: '#6b3c1c', light: '#c58652' },
  Bordeaux: { base: '#62202e', shade: '#3f121c', light: '#8f3a4c' },
  Sage: { base: '#99a991', shade: '#72846b', light: '#bfcbb8' },
  Navy: { base: '#24314f', shade: '#141d31', light: '#44577f' },
  Blush: { base: '#e2bcae', shade: '#c4988a', light: '#f3dbd1' },
  Taupe: { base: '#8d7f72', shade: '#685c52', light: '#b1a598' },
};
const GOLD: Palette = { base: '#c8a35a', shade: '#94742f', light: '#f0dfac' };
const SILVER: Palette = { base: '#b7bbc2', shade: '#82878f', light: '#f1f3f6' };

export const colorway = (name: string): Palette => COLORWAYS[name] ?? COLORWAYS.Taupe!;

export interface Look {
  color: Palette;
  metal: Palette;
  material: string;
}

export const lookOf = (color: string, material: string): Look => ({ color: colorway(color), metal: material === 'Silver' ? SILVER : GOLD, material });

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SERIF = "Didot, 'Bodoni 72', 'Playfair Display', Georgia, 'Liberation Serif', 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif";

/** How much light a material catches (the sheen over the body). */
const SHEEN: Readonly<Record<string, number>> = { Satin: 0.55, 'Silk Twill': 0.5, 'Gold-Tone': 0.6, Silver: 0.6, Acetate: 0.5, Calfskin: 0.32, Lambskin: 0.38, Suede: 0.08, Cashmere: 0.12 };
const GRAINED = new Set(['Grained Leather', 'Calfskin']);

/** Gradients and patterns of one drawing, under the id prefix `p` (several drawings share a document). */
function defs(p: string, look: Look): string {
  const c = look.color;
  const m = look.metal;
  const sheen = SHEEN[look.material] ?? 0.28;
  const monogram =
    look.material === 'Monogram Canvas'
      ? `<pattern id="${p}t" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="none"/><path d="M9 4l3 5 3-5M27 22l3 5 3-5" stroke="${m.light}" stroke-width="1.6" fill="none" opacity=".55"/><circle cx="27" cy="9" r="3.2" fill="none" stroke="${m.light}" stroke-width="1.3" opacity=".5"/><circle cx="9" cy="27" r="3.2" fill="none" stroke="${m.light}" stroke-width="1.3" opacity=".5"/></pattern>`
      : GRAINED.has(look.material)
        ? `<pattern id="${p}t" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.1" fill="${c.shade}" opacity=".35"/><circle cx="5.5" cy="5" r=".9" fill="${c.light}" opacity=".25"/></pattern>`
        : '';
  return (
    `<linearGradient id="${p}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset=".45" stop-color="${c.base}"/><stop offset="1" stop-color="${c.shade}"/></linearGradient>` +
    `<linearGradient id="${p}s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${sheen}"/><stop offset=".42" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="${p}m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${m.light}"/><stop offset=".5" stop-color="${m.base}"/><stop offset="1" stop-color="${m.shade}"/></linearGradient>` +
    `<radialGradient id="${p}f"><stop offset="0" stop-color="#5b4a3a" stop-opacity=".28"/><stop offset="1" stop-color="#5b4a3a" stop-opacity="0"/></radialGradient>` +
    monogram
  );
}

/** A silhouette filled with the body, its texture and its sheen, outlined in the shade. */
function body(p: string, look: Look, d: string, extra = ''): string {
  const texture = look.material === 'Monogram Canvas' || GRAINED.has(look.material) ? `<path d="${d}" fill="url(#${p}t)"/>` : '';
  return `<path d="${d}" fill="url(#${p}b)" stroke="${look.color.shade}" stroke-width="2.5" stroke-linejoin="round"${extra}/>${texture}<path d="${d}" fill="url(#${p}s)"/>`;
}
const line = (d: string, color: string, w = 2, extra = '') => `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const stitch = (d: string, look: Look) => line(d, look.color.light, 1.6, ' stroke-dasharray="5 5" opacity=".7"');
const metal = (p: string, d: string, look: Look) => `<path d="${d}" fill="url(#${p}m)" stroke="${look.metal.shade}" stroke-width="1.5"/>`;
const metalLine = (p: string, d: string, w = 7) => `<path d="${d}" fill="none" stroke="url(#${p}m)" stroke-width="${w}" stroke-linecap="round"/>`;
const floor = (p: string, cx = 300, cy = 478, rx = 200, ry = 26) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${p}f)"/>`;

type Draw = (p: string, l: Look) => string;

// ── Bags ────────────────────────────────────────────────────────────────────
const BAGS: Readonly<Record<string, Draw>> = {
  'Saddle Bag': (p, l) =>
    floor(p, 300, 470, 170) +
    line('M214 236 C 226 96, 380 80, 404 214', l.color.shade, 11) +
    body(p, l, 'M196 232 C 250 206, 352 200, 414 222 C 452 290, 436 392, 352 446 C 292 478, 210 456, 188 396 C 172 346, 178 284, 196 232 Z') +
    body(p, l, 'M198 236 C 258 214, 350 210, 410 228 C 404 300, 366 350, 300 356 C 236 360, 200 312, 198 236 Z') +
    stitch('M210 246 C 262 228, 344 226, 396 240 C 388 296, 356 336, 300 340 C 244 342, 214 304, 210 246 Z', l) +
    metal(p, 'M284 346 h32 v24 h-32 Z', l) +
    `<circle cx="300" cy="358" r="5" fill="${l.metal.shade}"/>`,
  'Quai Tote': (p, l) =>
    floor(p, 300, 474, 215) +
    line('M222 200 C 222 104, 300 96, 300 150', l.color.shade, 12) +
    line('M378 200 C 378 104, 300 96, 300 150', l.color.shade, 12) +
    body(p, l, 'M150 200 H450 L418 464 H182 Z') +
    stitch('M162 214 H438 L408 452 H192 Z', l) +
    line('M250 200 V290 M350 200 V290', l.color.shade, 2, ' opacity=".5"') +
    metal(p, 'M286 226 h28 v18 h-28 Z', l),
  'Rivoli Clutch': (p, l) =>
    floor(p, 300, 420, 220, 20) +
    body(p, l, 'M126 236 Q 126 220 142 220 H458 Q 474 220 474 236 V392 Q 474 408 458 408 H142 Q 126 408 126 392 Z') +
    body(p, l, 'M126 236 Q 126 220 142 220 H458 Q 474 220 474 236 V258 L300 334 L126 258 Z') +
    stitch('M140 250 L300 320 L460 250', l) +
    metal(p, 'M282 322 l18 -14 18 14 -18 14 Z', l),
  'Bucket Bag': (p, l) =>
    floor(p, 300, 474, 170) +
    line('M218 210 C 200 70, 400 70, 382 210', l.color.shade, 10) +
    body(p, l, 'M204 196 C 240 184, 360 184, 396 196 L 418 420 C 420 462, 180 462, 182 420 Z') +
    `<ellipse cx="300" cy="196" rx="96" ry="16" fill="${l.color.shade}" opacity=".85"/>` +
    line('M210 224 C 250 240, 350 240, 390 224', l.metal.base, 3) +
    line('M300 236 L 286 300 M300 236 L 318 302', l.color.shade, 4) +
    metal(p, 'M280 296 h12 v20 h-12 Z M312 298 h12 v20 h-12 Z', l),
  'Camera Bag': (p, l) =>
    floor(p, 300, 462, 180) +
    line('M196 240 C 170 20, 430 20, 404 240', l.color.shade, 7) +
    body(p, l, 'M186 248 Q 186 224 210 224 H390 Q 414 224 414 248 V426 Q 414 450 390 450 H210 Q 186 450 186 426 Z') +
    line('M204 262 H396', l.metal.base, 3) +
    stitch('M200 288 H400 M200 436 H400', l) +
    metal(p, 'M376 254 h18 v16 h-18 Z', l) +
    line('M385 270 L 388 330', l.color.shade, 5) +
    body(p, l, 'M378 326 h20 l4 40 h-28 Z'),
  'Hobo Bag': (p, l) =>
    floor(p, 300, 470, 190) +
    line('M190 240 C 210 70, 390 70, 410 240', l.color.shade, 16) +
    body(p, l, 'M176 232 C 220 262, 380 262, 424 232 C 452 330, 410 446, 300 452 C 190 446, 148 330, 176 232 Z') +
    line('M210 300 C 250 330, 350 330, 390 300', l.color.shade, 2, ' opacity=".45"') +
    line('M230 360 C 270 384, 330 384, 370 360', l.color.shade, 2, ' opacity=".35"'),
  'Top Handle': (p, l) =>
    floor(p, 300, 472, 190) +
    line('M242 214 C 242 118, 358 118, 358 214', l.color.shade, 13) +
    metal(p, 'M232 206 h20 v14 h-20 Z M348 206 h20 v14 h-20 Z', l) +
    body(p, l, 'M180 216 H420 L440 456 H160 Z') +
    body(p, l, 'M180 216 H420 L428 330 Q 300 352 172 330 Z') +
    stitch('M190 228 H410 L416 318 Q 300 338 184 318 Z', l) +
    metal(p, 'M284 316 h32 v26 h-32 Z', l) +
    `<circle cx="300" cy="329" r="6" fill="none" stroke="${l.metal.shade}" stroke-width="2"/>`,
  'Belt Bag': (p, l) =>
    floor(p, 300, 430, 230, 18) +
    line('M60 300 C 120 296, 160 300, 196 306 M404 306 C 440 300, 480 296, 540 300', l.color.shade, 20) +
    metal(p, 'M60 286 h26 v28 h-26 Z', l) +
    body(p, l, 'M190 270 C 250 250, 350 250, 410 270 C 424 330, 396 400, 300 404 C 204 400, 176 330, 190 270 Z') +
    line('M202 300 C 260 286, 340 286, 398 300', l.metal.base, 3) +
    metal(p, 'M392 294 l10 -6 4 10 -10 6 Z', l),
};

// ── Small leather goods ─────────────────────────────────────────────────────
const SLG: Readonly<Record<string, Draw>> = {
  'Card Holder': (p, l) =>
    floor(p, 300, 420, 150, 18) +
    body(p, l, 'M190 230 Q 190 214 206 214 H394 Q 410 214 410 230 V384 Q 410 400 394 400 H206 Q 190 400 190 384 Z') +
    body(p, l, 'M190 262 H410 V384 Q 410 400 394 400 H206 Q 190 400 190 384 Z') +
    line('M190 300 H410 M190 338 H410', l.color.shade, 2) +
    stitch('M202 226 H398 V388 H202 Z', l) +
    metal(p, 'M286 276 h28 v10 h-28 Z', l),
  'Zip Wallet': (p, l) =>
    floor(p, 300, 430, 190, 20) +
    body(p, l, 'M140 226 Q 140 206 160 206 H440 Q 460 206 460 226 V390 Q 460 410 440 410 H160 Q 140 410 140 390 Z') +
    line('M152 218 H448 V398 H152 Z', l.metal.base, 3, ' stroke-dasharray="2 3"') +
    metal(p, 'M440 210 h14 v10 h-14 Z', l) +
    body(p, l, 'M446 214 l26 -4 4 16 -26 6 Z') +
    metal(p, 'M276 300 h48 v14 h-48 Z', l),
  'Chain Wallet': (p, l) =>
    floor(p, 300, 440, 180, 20) +
    line('M196 250 C 170 90, 430 90, 404 250', l.metal.base, 5, ' stroke-dasharray="10 5"') +
    body(p, l, 'M170 250 Q 170 232 188 232 H412 Q 430 232 430 250 V410 Q 430 428 412 428 H188 Q 170 428 170 410 Z') +
    body(p, l, 'M170 250 Q 170 232 188 232 H412 Q 430 232 430 250 V300 L300 352 L170 300 Z') +
    metal(p, 'M288 338 h24 v24 h-24 Z', l),
  'Key Pouch': (p, l) =>
    floor(p, 300, 430, 120, 18) +
    `<circle cx="300" cy="176" r="34" fill="none" stroke="url(#${p}m)" stroke-width="8"/>` +
    line('M300 210 V250', l.metal.base, 6) +
    body(p, l, 'M220 262 Q 220 246 236 246 H364 Q 380 246 380 262 V398 Q 380 420 356 420 H244 Q 220 420 220 398 Z') +
    line('M232 262 H368', l.metal.base, 3) +
    stitch('M232 276 H368 V406 H232 Z', l),
  'Passport Cover': (p, l) =>
    floor(p, 300, 466, 130, 18) +
    body(p, l, 'M206 140 Q 206 124 222 124 H378 Q 394 124 394 140 V440 Q 394 456 378 456 H222 Q 206 456 206 440 Z') +
    stitch('M218 136 H382 V444 H218 Z', l) +
    `<circle cx="300" cy="254" r="38" fill="none" stroke="${l.metal.base}" stroke-width="3"/>` +
    `<text x="300" y="266" text-anchor="middle" font-family="${SERIF}" font-size="32" fill="${l.metal.base}">MA</text>` +
    `<text x="300" y="360" text-anchor="middle" font-family="${SANS}" font-size="15" letter-spacing="5" fill="${l.metal.base}">PASSPORT</text>`,
  'Coin Purse': (p, l) =>
    floor(p, 300, 440, 150, 18) +
    body(p, l, 'M196 250 C 196 240, 404 240, 404 250 C 430 340, 390 430, 300 432 C 210 430, 170 340, 196 250 Z') +
    metalLine(p, 'M194 250 C 220 228, 380 228, 406 250', 9) +
    `<circle cx="290" cy="228" r="9" fill="url(#${p}m)"/><circle cx="310" cy="228" r="9" fill="url(#${p}m)"/>`,
};

// ── Shoes (side view, toe to the right) ─────────────────────────────────────
const SHOES: Readonly<Record<string, Draw>> = {
  'Ballet Flat': (p, l) =>
    floor(p, 300, 410, 220, 18) +
    body(p, l, 'M100 380 C 100 330, 160 320, 210 330 C 260 340, 310 350, 370 340 C 440 330, 500 350, 506 386 C 508 404, 480 408, 440 408 H120 C 104 408, 100 396, 100 380 Z') +
    `<path d="M210 332 C 260 350, 330 360, 380 344" fill="none" stroke="${l.color.shade}" stroke-width="3"/>` +
    line('M372 338 c10 -12 26 -12 30 0 c-4 12 -20 12 -30 0', l.color.shade, 3) +
    line('M104 404 H470', '#2c2622', 5),
  'Slingback Pump': (p, l) =>
    floor(p, 300, 430, 210, 18) +
    body(p, l, 'M140 250 C 170 330, 240 380, 330 390 C 400 396, 470 400, 500 416 C 506 426, 490 430, 460 430 H300 C 250 430, 220 400, 200 360 C 188 336, 180 320, 176 300 Z') +
    line('M140 252 C 120 262, 118 300, 150 300', l.color.shade, 6) +
    `<path d="M150 306 L 170 306 L 160 430 L 150 430 Z" fill="${l.color.shade}"/>` +
    line('M196 352 C 230 352, 270 366, 320 392', l.color.light, 2, ' opacity=".6"'),
  Loafer: (p, l) =>
    floor(p, 300, 420, 225, 18) +
    body(p, l, 'M90 360 C 90 300, 150 292, 210 300 C 280 310, 330 300, 390 318 C 450 334, 510 350, 512 386 C 514 404, 490 410, 450 410 H110 C 94 410, 90 390, 90 360 Z') +
    body(p, l, 'M280 312 C 330 304, 388 316, 420 336 C 380 348, 320 352, 282 344 Z') +
    metalLine(p, 'M320 334 H 380', 5) +
    line('M94 406 H480', '#2c2622', 7),
  'Ankle Boot': (p, l) =>
    floor(p, 300, 440, 215, 18) +
    body(p, l, 'M150 140 H270 C 276 220, 290 280, 340 320 C 400 350, 480 360, 500 400 C 504 424, 480 430, 440 430 H200 L 190 440 H150 Z') +
    line('M262 150 V300', l.metal.base, 3, ' stroke-dasharray="3 3"') +
    `<path d="M150 396 H196 L190 440 H150 Z" fill="${l.color.shade}"/>` +
    line('M196 428 H484', '#2c2622', 6),
  Mule: (p, l) =>
    floor(p, 300, 440, 215, 18) +
    `<path d="M120 392 C 118 378, 150 372, 200 374 H450 C 494 376, 508 392, 500 404 C 492 412, 470 412, 440 412 H176 L 170 440 H132 L 128 412 C 120 410, 120 400, 120 392 Z" fill="#2c2622"/>` +
    body(p, l, 'M286 382 C 296 336, 356 314, 424 320 C 478 326, 506 356, 500 386 C 440 392, 340 392, 286 382 Z') +
    line('M300 376 C 330 352, 380 342, 420 346', l.color.light, 2, ' opacity=".55"') +
    metal(p, 'M372 330 h44 v9 h-44 Z', l),
  Sneaker: (p, l) =>
    floor(p, 300, 430, 225, 18) +
    `<path d="M96 392 H500 C 510 392, 512 420, 500 426 H106 C 92 426, 90 400, 96 392 Z" fill="#f4f1ea" stroke="#cfc6b8" stroke-width="2"/>` +
    body(p, l, 'M100 392 C 96 320, 130 270, 190 268 C 220 268, 250 300, 290 318 C 350 340, 440 344, 490 368 C 504 378, 504 392, 500 392 Z') +
    line('M230 296 L 250 330 M260 306 L 280 340 M290 318 L 306 348', l.color.light, 4) +
    line('M140 330 C 200 350, 300 370, 440 372', l.color.light, 2, ' opacity=".6"'),
};

// ── Jewellery and watches ───────────────────────────────────────────────────
const JEWELRY: Readonly<Record<string, Draw>> = {
  'Chain Necklace': (p, l) =>
    floor(p, 300, 470, 140, 14) +
    Array.from({ length: 23 }, (_, i) => {
      const t = (i / 22) * Math.PI;
      const x = 300 - Math.cos(t) * 150;
      const y = 150 + Math.sin(t) * 230;
      return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="11" ry="7" transform="rotate(${((t * 180) / Math.PI - 90).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="url(#${p}m)" stroke-width="5"/>`;
    }).join('') +
    `<circle cx="300" cy="392" r="20" fill="${l.color.base}" stroke="url(#${p}m)" stroke-width="6"/>`,
  'Hoop Earrings': (p, l) =>
    floor(p, 300, 450, 180, 16) +
    `<circle cx="220" cy="300" r="92" fill="none" stroke="url(#${p}m)" stroke-width="16"/><circle cx="380" cy="300" r="92" fill="none" stroke="url(#${p}m)" stroke-width="16"/>` +
    `<circle cx="220" cy="208" r="9" fill="${l.color.base}"/><circle cx="380" cy="208" r="9" fill="${l.color.base}"/>`,
  'Signet Ring': (p, l) =>
    floor(p, 300, 450, 130, 16) +
    `<ellipse cx="300" cy="330" rx="118" ry="100" fill="none" stroke="url(#${p}m)" stroke-width="24"/>` +
    `<ellipse cx="300" cy="226" rx="70" ry="40" fill="url(#${p}m)" stroke="${l.metal.shade}" stroke-width="2"/>` +
    `<ellipse cx="300" cy="224" rx="48" ry="26" fill="${l.color.base}" stroke="${l.metal.shade}" stroke-width="2"/>` +
    `<text x="300" y="232" text-anchor="middle" font-family="${SERIF}" font-size="22" fill="${l.metal.light}">A</text>`,
  'Cuff Bracelet': (p, l) =>
    floor(p, 300, 450, 180, 16) +
    `<path d="M176 300 C 176 200, 424 200, 424 300 C 424 400, 176 400, 176 300" fill="none" stroke="url(#${p}m)" stroke-width="40" stroke-dasharray="700 120" stroke-dashoffset="60"/>` +
    `<path d="M176 300 C 176 200, 424 200, 424 300" fill="none" stroke="${l.metal.light}" stroke-width="3" opacity=".7"/>` +
    `<circle cx="300" cy="226" r="12" fill="${l.color.base}" stroke="${l.metal.shade}" stroke-width="2"/>`,
  Pendant: (p, l) =>
    floor(p, 300, 480, 110, 14) +
    line('M170 110 C 200 220, 260 300, 300 330 C 340 300, 400 220, 430 110', l.metal.base, 3) +
    `<circle cx="300" cy="334" r="9" fill="none" stroke="url(#${p}m)" stroke-width="4"/>` +
    `<path d="M300 344 C 340 360, 350 420, 300 452 C 250 420, 260 360, 300 344 Z" fill="url(#${p}m)" stroke="${l.metal.shade}" stroke-width="2"/>` +
    `<path d="M300 368 C 322 378, 326 414, 300 432 C 274 414, 278 378, 300 368 Z" fill="${l.color.base}"/>`,
  Brooch: (p, l) =>
    floor(p, 300, 460, 140, 16) +
    Array.from({ length: 8 }, (_, i) => `<ellipse cx="300" cy="214" rx="34" ry="84" transform="rotate(${i * 45} 300 298)" fill="url(#${p}m)" stroke="${l.metal.shade}" stroke-width="2"/>`).join('') +
    `<circle cx="300" cy="298" r="46" fill="${l.color.base}" stroke="url(#${p}m)" stroke-width="8"/>` +
    `<circle cx="286" cy="284" r="12" fill="#fff" opacity=".35"/>`,
  'Tank Watch': (p, l) =>
    floor(p, 300, 500, 110, 14) +
    body(p, l, 'M262 60 H338 V214 H262 Z M262 386 H338 V540 H262 Z') +
    `<rect x="236" y="206" width="128" height="188" rx="14" fill="url(#${p}m)" stroke="${l.metal.shade}" stroke-width="2"/>` +
    `<rect x="252" y="222" width="96" height="156" rx="6" fill="#f7f3ea" stroke="${l.metal.shade}" stroke-width="1.5"/>` +
    `<text x="300" y="252" text-anchor="middle" font-family="${SERIF}" font-size="20" fill="#2a2a2d">XII</text><text x="300" y="368" text-anchor="middle" font-family="${SERIF}" font-size="20" fill="#2a2a2d">VI</text>` +
    line('M300 300 L 300 262 M300 300 L 324 318', '#2a2a2d', 3) +
    `<rect x="364" y="290" width="12" height="20" rx="3" fill="url(#${p}m)"/>`,
  'Chronograph Watch': (p, l) =>
    floor(p, 300, 500, 110, 14) +
    body(p, l, 'M264 60 H336 V200 H264 Z M264 400 H336 V540 H264 Z') +
    `<circle cx="300" cy="300" r="110" fill="url(#${p}m)" stroke="${l.metal.shade}" stroke-width="2"/>` +
    `<circle cx="300" cy="300" r="92" fill="${l.color.shade === '#151517' ? '#1c1c1e' : '#f7f3ea'}" stroke="${l.metal.shade}" stroke-width="1.5"/>` +
    `<circle cx="262" cy="300" r="20" fill="none" stroke="${l.metal.base}" stroke-width="2"/><circle cx="338" cy="300" r="20" fill="none" stroke="${l.metal.base}" stroke-width="2"/><circle cx="300" cy="344" r="18" fill="none" stroke="${l.metal.base}" stroke-width="2"/>` +
    line('M300 300 L 300 226 M300 300 L 348 272', l.metal.base, 4) +
    `<rect x="406" y="290" width="16" height="20" rx="3" fill="url(#${p}m)"/>`,
};

// ── Scarves ─────────────────────────────────────────────────────────────────
const SCARVES: Readonly<Record<string, Draw>> = {
  'Silk Carré': (p, l) =>
    floor(p, 300, 500, 220, 20) +
    `<g transform="rotate(-8 300 300)">` +
    body(p, l, 'M130 130 H470 V470 H130 Z') +
    `<rect x="150" y="150" width="300" height="300" fill="none" stroke="${l.metal.base}" stroke-width="6"/>` +
    `<rect x="166" y="166" width="268" height="268" fill="none" stroke="${l.color.light}" stroke-width="2"/>` +
    `<circle cx="300" cy="300" r="74" fill="none" stroke="${l.metal.base}" stroke-width="5"/>` +
    Array.from({ length: 12 }, (_, i) => `<ellipse cx="300" cy="244" rx="10" ry="28" transform="rotate(${i * 30} 300 300)" fill="${l.metal.light}" opacity=".75"/>`).join('') +
    `<circle cx="300" cy="300" r="18" fill="${l.metal.base}"/>` +
    ['M170 170 l30 30', 'M430 170 l-30 30', 'M170 430 l30 -30', 'M430 430 l-30 -30'].map((d) => line(d, l.metal.base, 4)).join('') +
    `</g>`,
  'Cashmere Stole': (p, l) =>
    floor(p, 300, 452, 230, 20) +
    body(p, l, 'M110 250 Q 110 236 124 236 H476 Q 490 236 490 250 V420 Q 490 434 476 434 H124 Q 110 434 110 420 Z') +
    body(p, l, 'M110 250 Q 110 236 124 236 H476 Q 490 236 490 250 V300 Q 300 330 110 300 Z') +
    line('M110 330 H490 M110 376 H490', l.color.shade, 1.5, ' opacity=".35"') +
    line(Array.from({ length: 17 }, (_, i) => `M${130 + i * 21} 434 v26`).join(' '), l.color.shade, 3),
  Twilly: (p, l) =>
    floor(p, 300, 470, 170, 16) +
    body(p, l, 'M290 300 C 250 260, 170 200, 140 236 C 112 270, 150 330, 290 312 Z') +
    body(p, l, 'M310 300 C 350 260, 430 200, 460 236 C 488 270, 450 330, 310 312 Z') +
    body(p, l, 'M288 306 L 230 452 L 254 440 L 268 462 L 302 312 Z') +
    body(p, l, 'M312 306 L 370 446 L 346 436 L 334 460 L 298 312 Z') +
    `<rect x="282" y="288" width="36" height="34" rx="10" fill="url(#${p}b)" stroke="${l.color.shade}" stroke-width="2.5"/>` +
    line('M170 240 C 200 250, 240 280, 280 300 M430 240 C 400 250, 360 280, 320 300', l.metal.base, 3, ' stroke-dasharray="2 10"'),
  Bandana: (p, l) =>
    floor(p, 300, 470, 220, 18) +
    body(p, l, 'M100 160 H500 L300 450 Z') +
    `<path d="M128 176 H472 L300 424 Z" fill="none" stroke="${l.color.light}" stroke-width="4"/>` +
    Array.from({ length: 9 }, (_, i) => {
      const x = 200 + (i % 3) * 100;
      const y = 210 + Math.floor(i / 3) * 60;
      return y < 390 - Math.abs(x - 300) * 0.9 ? `<path d="M${x} ${y} c14 -16 30 -4 20 12 c-8 12 -26 8 -20 -12 Z" fill="${l.color.light}" opacity=".8"/>` : '';
    }).join(''),
};

// ── Eyewear ─────────────────────────────────────────────────────────────────
const lens = (p: string, l: Look, d: string) => `<path d="${d}" fill="#2b2724" opacity=".82"/><path d="${d}" fill="url(#${p}s)"/>`;
const EYEWEAR: Readonly<Record<string, Draw>> = {
  'Cat-Eye Sunglasses': (p, l) =>
    floor(p, 300, 420, 210, 16) +
    lens(p, l, 'M110 270 C 150 250, 250 250, 280 266 C 280 330, 240 370, 190 370 C 140 370, 110 330, 110 270 Z') +
    lens(p, l, 'M490 270 C 450 250, 350 250, 320 266 C 320 330, 360 370, 410 370 C 460 370, 490 330, 490 270 Z') +
    body(p, l, 'M92 252 C 150 226, 260 236, 290 262 L 310 262 C 340 236, 450 226, 508 252 L 500 280 C 470 262, 350 256, 322 272 L 278 272 C 250 256, 130 262, 100 280 Z'),
  'Aviator Sunglasses': (p, l) =>
    floor(p, 300, 430, 210, 16) +
    lens(p, l, 'M116 268 C 130 250, 260 246, 276 268 C 284 320, 250 390, 196 390 C 140 390, 104 330, 116 268 Z') +
    lens(p, l, 'M484 268 C 470 250, 340 246, 324 268 C 316 320, 350 390, 404 390 C 460 390, 496 330, 484 268 Z') +
    metalLine(p, 'M116 268 C 130 250, 260 246, 276 268 C 284 320, 250 390, 196 390 C 140 390, 104 330, 116 268 Z M484 268 C 470 250, 340 246, 324 268 C 316 320, 350 390, 404 390 C 460 390, 496 330, 484 268 Z', 4) +
    metalLine(p, 'M276 262 C 290 252, 310 252, 324 262 M150 252 C 240 238, 360 238, 450 252', 4),
  'Square Optical Frame': (p, l) =>
    floor(p, 300, 410, 210, 16) +
    `<path d="M120 260 h150 v100 h-150 Z M330 260 h150 v100 h-150 Z" fill="#eef2f4" opacity=".5"/>` +
    `<path d="M108 250 h174 v122 h-174 Z M126 266 v90 h138 v-90 Z M318 250 h174 v122 h-174 Z M336 266 v90 h138 v-90 Z" fill="url(#${p}b)" fill-rule="evenodd" stroke="${l.color.shade}" stroke-width="2"/>` +
    body(p, l, 'M282 276 C 292 266, 308 266, 318 276 V 290 C 308 282, 292 282, 282 290 Z'),
};

const BY_CATEGORY: Readonly<Record<string, Readonly<Record<string, Draw>>>> = { BAG: BAGS, SLG, SHO: SHOES, JWL: JEWELRY, SCF: SCARVES, EYE: EYEWEAR };

/** The drawing of an item (its markup in a 600 × 600 box), under the id prefix `p`. */
export function drawItem(p: string, category: string, name: string, look: Look): string {
  const set = BY_CATEGORY[category] ?? BAGS;
  const draw = set[name] ?? Object.values(set)[0]!;
  return `<defs>${defs(p, look)}</defs>${draw(p, look)}`;
}

/** Every drawing the catalogue can ask for: [category, name]. */
export const DRAWINGS: readonly (readonly [string, string])[] = Object.entries(BY_CATEGORY).flatMap(([c, set]) => Object.keys(set).map((n) => [c, n] as const));

const svg = (w: number, h: number, inner: string, label: string, viewBox = `0 0 ${w} ${h}`) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">${inner}</svg>`;
/** A nested drawing placed in a box of the outer picture. */
const place = (x: number, y: number, w: number, h: number, vw: number, vh: number, inner: string, fit = 'xMidYMid meet') =>
  `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${vw} ${vh}" preserveAspectRatio="${fit}">${inner}</svg>`;

const STUDIO = (p: string) =>
  `<defs><linearGradient id="${p}bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f6f2"/><stop offset=".7" stop-color="#efebe4"/><stop offset="1" stop-color="#e7e1d7"/></linearGradient></defs><rect width="600" height="600" fill="url(#${p}bg)"/>`;

/** A product packshot: the item on a soft studio ground, 600 × 600 (the drawing's margins cropped, so a small thumbnail shows the item large). */
export function packshot(item: { category: string; base: string; color: string; material: string; label: string }): string {
  return svg(600, 600, STUDIO('k') + drawItem('i', item.category, item.base, lookOf(item.color, item.material)), item.label, '50 50 500 500');
}

// ── Retailers' sites (for the robots' screenshots) ──────────────────────────

interface RetailerLook {
  wordmark: string;
  font: string;
  style?: string;
  spacing: number;
  ink: string;
  accent: string;
  promo: string;
}

const RETAILER_LOOKS: Readonly<Record<string, RetailerLook>> = {
  'harrowgate-finch': { wordmark: 'HARROWGATE & FINCH', font: SERIF, spacing: 4, ink: '#1f3b2d', accent: '#1f3b2d', promo: 'Complimentary delivery and returns on every order' },
  'lumiere-boutique': { wordmark: 'Lumière', font: SERIF, style: 'italic', spacing: 1, ink: '#3b2a2a', accent: '#b08474', promo: 'Livraison offerte · Gift wrapping on request' },
  'northbay-luxury': { wordmark: 'NORTHBAY', font: SANS, spacing: 10, ink: '#14213d', accent: '#14213d', promo: 'Free express shipping over $500' },
  'saint-clair-jewelers': { wordmark: 'SAINT-CLAIR', font: SERIF, spacing: 6, ink: '#5a1a28', accent: '#a88550', promo: 'Engraving and resizing in our atelier' },
  'vellani-fine-goods': { wordmark: 'VELLANI', font: SANS, spacing: 12, ink: '#111111', accent: '#111111', promo: 'Private appointments available' },
  'orchard-row': { wordmark: 'Orchard Row', font: SERIF, spacing: 2, ink: '#33402f', accent: '#6f7f62', promo: 'Thoughtfully chosen, beautifully made' },
};
const retailerLook = (slug: string, name: string): RetailerLook => RETAILER_LOOKS[slug] ?? { wordmark: name.toUpperCase(), font: SERIF, spacing: 4, ink: '#222222', accent: '#222222', promo: 'Complimentary delivery' };

export const MENUS = ['New Arrivals', 'Women', 'Men', 'Bags', 'Jewelry', 'Shoes', 'Gifts', 'Designers'] as const;

/** The retailer's header: promo band, wordmark, menu (the `active` entry underlined). */
function siteHeader(slug: string, name: string, w: number, active = -1): string {
  const r = retailerLook(slug, name);
  const gap = w / (MENUS.length + 1);
  return (
    `<rect width="${w}" height="30" fill="${r.accent}"/>` +
    `<text x="${w / 2}" y="20" text-anchor="middle" font-family="${SANS}" font-size="12" letter-spacing="1.5" fill="#fff">${esc(r.promo)}</text>` +
    `<text x="${w / 2}" y="82" text-anchor="middle" font-family="${r.font}"${r.style ? ` font-style="${r.style}"` : ''} font-size="34" letter-spacing="${r.spacing}" fill="${r.ink}">${esc(r.wordmark)}</text>` +
    `<circle cx="${w - 96}" cy="70" r="9" fill="none" stroke="${r.ink}" stroke-width="2"/><path d="M${w - 89} 77 l7 7" stroke="${r.ink}" stroke-width="2"/>` +
    `<path d="M${w - 58} 64 h20 l-2 18 h-16 Z M${w - 53} 64 c0 -10 10 -10 10 0" fill="none" stroke="${r.ink}" stroke-width="2"/>` +
    MENUS.map(
      (m, i) =>
        `<text x="${(gap * (i + 1)).toFixed(0)}" y="128" text-anchor="middle" font-family="${SANS}" font-size="13" letter-spacing="1.2" fill="${i === active ? r.accent : '#333'}"${i === active ? ' font-weight="bold"' : ''}>${esc(m.toUpperCase())}</text>` +
        (i === active ? `<rect x="${(gap * (i + 1) - 40).toFixed(0)}" y="136" width="80" height="2" fill="${r.accent}"/>` : ''),
    ).join('') +
    `<rect y="148" width="${w}" height="1" fill="#e6e1da"/>`
  );
}

/** Words in lines of at most `max` characters. */
export function wrap(text: string, max: number, lines = 3): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (cur && `${cur} ${word}`.length > max) {
      out.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  if (out.length > lines) return [...out.slice(0, lines - 1), `${out.slice(lines - 1).join(' ').slice(0, max - 1)}…`];
  return out;
}

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface ShotItem {
  category: string;
  base: string;
  color: string;
  material: string;
  name: string;
  brand: string;
  price: number;
  description: string;
  shoppability: string;
  breadcrumb: string;
}

/** A robot's screenshot of a retailer's product page, 1280 × 860. */
export function productPageShot(slug: string, retailerName: string, item: ShotItem): string {
  const r = retailerLook(slug, retailerName);
  const name = wrap(item.name, 34, 2);
  const desc = wrap(item.description, 52, 3);
  const stock = item.shoppability || 'In stock';
  return svg(
    1280,
    860,
    `<rect width="1280" height="860" fill="#fff"/>` +
      siteHeader(slug, retailerName, 1280) +
      `<text x="80" y="186" font-family="${SANS}" font-size="12" fill="#8a8580" letter-spacing=".5">${esc(`Home / ${item.breadcrumb} / ${item.brand}`)}</text>` +
      `<rect x="80" y="206" width="560" height="560" fill="#f4f1ec"/>` +
      place(80, 206, 560, 560, 600, 600, drawItem('s', item.category, item.base, lookOf(item.color, item.material))) +
      `<text x="700" y="240" font-family="${SANS}" font-size="13" letter-spacing="3" fill="#6d6761">${esc(item.brand.toUpperCase())}</text>` +
      name.map((t, i) => `<text x="700" y="${286 + i * 38}" font-family="${SERIF}" font-size="30" fill="#1c1b1a">${esc(t)}</text>`).join('') +
      `<text x="700" y="${300 + name.length * 38}" font-family="${SANS}" font-size="20" fill="#1c1b1a">${money(item.price)}</text>` +
      `<text x="700" y="${350 + name.length * 38}" font-family="${SANS}" font-size="13" fill="#6d6761">Colour: ${esc(item.color)}</text>` +
      `<circle cx="810" cy="${345 + name.length * 38}" r="9" fill="${colorway(item.color).base}" stroke="#cfc8bf"/>` +
      `<rect x="700" y="${378 + name.length * 38}" width="420" height="54" fill="${r.ink}"/>` +
      `<text x="910" y="${411 + name.length * 38}" text-anchor="middle" font-family="${SANS}" font-size="14" letter-spacing="3" fill="#fff">ADD TO BAG</text>` +
      `<circle cx="706" cy="${461 + name.length * 38}" r="5" fill="${/sold/i.test(stock) ? '#b42318' : /low/i.test(stock) ? '#c27c0e' : '#2f7d4f'}"/>` +
      `<text x="720" y="${466 + name.length * 38}" font-family="${SANS}" font-size="14" fill="#3d3a36">${esc(stock)}</text>` +
      desc.map((t, i) => `<text x="700" y="${512 + name.length * 38 + i * 24}" font-family="${SANS}" font-size="15" fill="#5d5852">${esc(t)}</text>`).join('') +
      ['Details and care', 'Delivery and returns'].map((t, i) => `<rect x="700" y="${640 + i * 52}" width="420" height="1" fill="#e6e1da"/><text x="700" y="${672 + i * 52}" font-family="${SANS}" font-size="14" fill="#3d3a36">${t}</text><text x="1110" y="${672 + i * 52}" text-anchor="end" font-family="${SANS}" font-size="18" fill="#3d3a36">+</text>`).join('') +
      `<rect y="800" width="1280" height="60" fill="#f4f1ec"/><text x="640" y="836" text-anchor="middle" font-family="${SANS}" font-size="12" fill="#8a8580">${esc(`© 2026 ${retailerName}`)}</text>`,
    `${retailerName}: ${item.name}`,
  );
}

// ── Brands: logos, hero images, the brand landing page ──────────────────────

export type BrandSlug = 'maison-aurelle' | 'castellane-paris';
export type Season = 'fall' | 'winter';

const LOGOS: Readonly<Record<BrandSlug, () => string>> = {
  'maison-aurelle': () =>
    `<circle cx="300" cy="78" r="46" fill="none" stroke="#8a6a3d" stroke-width="2.5"/><circle cx="300" cy="78" r="39" fill="none" stroke="#8a6a3d" stroke-width="1"/>` +
    `<text x="300" y="93" text-anchor="middle" font-family="${SERIF}" font-size="40" fill="#2a2218">MA</text>` +
    `<text x="300" y="170" text-anchor="middle" font-family="${SERIF}" font-size="38" letter-spacing="9" fill="#2a2218">MAISON AURELLE</text>` +
    `<text x="300" y="204" text-anchor="middle" font-family="${SANS}" font-size="13" letter-spacing="6" fill="#8a6a3d">PARIS · 1921</text>`,
  'castellane-paris': () =>
    `<path d="M300 36 l10 26 28 2 -22 17 8 27 -24 -15 -24 15 8 -27 -22 -17 28 -2 Z" fill="#b8955a"/>` +
    `<text x="300" y="168" text-anchor="middle" font-family="${SERIF}" font-size="48" letter-spacing="12" fill="#1f2a44">CASTELLANE</text>` +
    `<rect x="210" y="186" width="180" height="1.5" fill="#b8955a"/>` +
    `<text x="300" y="214" text-anchor="middle" font-family="${SANS}" font-size="14" letter-spacing="10" fill="#1f2a44">PARIS</text>`,
};

/** A brand's logo as the retailer shows it, 600 × 240. */
export const brandLogo = (brand: BrandSlug): string => svg(600, 240, `<rect width="600" height="240" fill="#fff"/>${LOGOS[brand]()}`, brand === 'maison-aurelle' ? 'Maison Aurelle' : 'Castellane Paris');

interface HeroPlan {
  ground: [string, string];
  arch: string;
  ink: string;
  title: string;
  tagline: string;
  items: { category: string; base: string; color: string; material: string }[];
}

const HEROES: Readonly<Record<string, HeroPlan>> = {
  'maison-aurelle:fall': {
    ground: ['#eadfce', '#c9a27c'],
    arch: '#f5eee4',
    ink: '#2a2218',
    title: 'MAISON AURELLE',
    tagline: 'Fall–Winter 2026 · The Rivoli collection',
    items: [
      { category: 'BAG', base: 'Top Handle', color: 'Cognac', material: 'Calfskin' },
      { category: 'BAG', base: 'Saddle Bag', color: 'Noir', material: 'Grained Leather' },
      { category: 'SLG', base: 'Card Holder', color: 'Bordeaux', material: 'Calfskin' },
    ],
  },
  'maison-aurelle:winter': {
    ground: ['#2a3a5c', '#1a243b'],
    arch: '#e9e4da',
    ink: '#f4efe6',
    title: 'MAISON AURELLE',
    tagline: 'The Winter Edit · Gifts for the season',
    items: [
      { category: 'BAG', base: 'Rivoli Clutch', color: 'Bordeaux', material: 'Satin' },
      { category: 'SCF', base: 'Cashmere Stole', color: 'Ivory', material: 'Cashmere' },
      { category: 'SHO', base: 'Ankle Boot', color: 'Noir', material: 'Suede' },
    ],
  },
  'castellane-paris:fall': {
    ground: ['#26345a', '#141c30'],
    arch: '#efe8dc',
    ink: '#f1e6cf',
    title: 'CASTELLANE PARIS',
    tagline: 'Jewelry and silk, since 1962',
    items: [
      { category: 'SCF', base: 'Silk Carré', color: 'Navy', material: 'Silk Twill' },
      { category: 'JWL', base: 'Pendant', color: 'Bordeaux', material: 'Gold-Tone' },
      { category: 'JWL', base: 'Hoop Earrings', color: 'Ivory', material: 'Gold-Tone' },
    ],
  },
};

function heroInner(brand: BrandSlug, season: Season, idp: string): string {
  const h = HEROES[`${brand}:${season}`] ?? HEROES[`${brand}:fall`]!;
  const g = `${idp}g`;
  return (
    `<defs><linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${h.ground[0]}"/><stop offset="1" stop-color="${h.ground[1]}"/></linearGradient></defs>` +
    `<rect width="1600" height="640" fill="url(#${g})"/>` +
    `<path d="M820 640 V300 C 820 120, 1500 120, 1500 300 V640 Z" fill="${h.arch}"/>` +
    `<rect x="820" y="560" width="680" height="80" fill="#000" opacity=".05"/>` +
    place(820, 250, 300, 300, 600, 600, drawItem(`${idp}a`, h.items[1]!.category, h.items[1]!.base, lookOf(h.items[1]!.color, h.items[1]!.material))) +
    place(1000, 160, 400, 400, 600, 600, drawItem(`${idp}b`, h.items[0]!.category, h.items[0]!.base, lookOf(h.items[0]!.color, h.items[0]!.material))) +
    place(1270, 330, 220, 220, 600, 600, drawItem(`${idp}c`, h.items[2]!.category, h.items[2]!.base, lookOf(h.items[2]!.color, h.items[2]!.material))) +
    `<text x="110" y="290" font-family="${SERIF}" font-size="54" letter-spacing="5" fill="${h.ink}">${esc(h.title)}</text>` +
    `<rect x="112" y="322" width="120" height="2" fill="${h.ink}" opacity=".7"/>` +
    `<text x="112" y="372" font-family="${SANS}" font-size="24" letter-spacing="2" fill="${h.ink}">${esc(h.tagline)}</text>` +
    `<rect x="112" y="420" width="220" height="54" fill="none" stroke="${h.ink}" stroke-width="2"/>` +
    `<text x="222" y="454" text-anchor="middle" font-family="${SANS}" font-size="15" letter-spacing="4" fill="${h.ink}">DISCOVER</text>`
  );
}

/** A brand's campaign hero image as the retailer shows it, 1600 × 640. */
export const heroImage = (brand: BrandSlug, season: Season): string => svg(1600, 640, heroInner(brand, season, 'h'), `${brand === 'maison-aurelle' ? 'Maison Aurelle' : 'Castellane Paris'} campaign`);

/** A robot's screenshot of the brand's landing page on a retailer's site, 1280 × 1000. */
export function brandPageShot(slug: string, retailerName: string, brand: BrandSlug, season: Season, description: string, items: ShotItem[]): string {
  const tiles = items.slice(0, 4);
  return svg(
    1280,
    1000,
    `<rect width="1280" height="1000" fill="#fff"/>` +
      siteHeader(slug, retailerName, 1280, 7) +
      place(0, 149, 1280, 420, 1600, 640, heroInner(brand, season, 'lp'), 'xMidYMid slice') +
      place(490, 584, 300, 120, 600, 240, LOGOS[brand]()) +
      wrap(description, 90, 2).map((t, i) => `<text x="640" y="${730 + i * 24}" text-anchor="middle" font-family="${SANS}" font-size="16" fill="#5d5852">${esc(t)}</text>`).join('') +
      tiles
        .map((it, i) => {
          const x = 100 + i * 280;
          return (
            `<rect x="${x}" y="780" width="240" height="150" fill="#f4f1ec"/>` +
            place(x, 780, 240, 150, 600, 600, drawItem(`t${i}`, it.category, it.base, lookOf(it.color, it.material))) +
            `<text x="${x}" y="954" font-family="${SANS}" font-size="13" fill="#1c1b1a">${esc(wrap(it.name, 34, 1)[0] ?? '')}</text>` +
            `<text x="${x}" y="976" font-family="${SANS}" font-size="13" fill="#6d6761">${money(it.price)}</text>`
          );
        })
        .join(''),
    `${retailerName}: ${brand === 'maison-aurelle' ? 'Maison Aurelle' : 'Castellane Paris'} page`,
  );
}

/** A robot's screenshot of a retailer's homepage with one menu entry open, 1280 × 800. */
export function homepageShot(slug: string, retailerName: string, menu: number, subMenus: string[], featured: string): string {
  const r = retailerLook(slug, retailerName);
  const x = Math.max(40, Math.min(1280 - 340, (1280 / (MENUS.length + 1)) * (menu + 1) - 150));
  return svg(
    1280,
    800,
    `<defs><linearGradient id="hg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#efe9df"/><stop offset="1" stop-color="#d9cdbb"/></linearGradient></defs>` +
      `<rect width="1280" height="800" fill="#fff"/>` +
      siteHeader(slug, retailerName, 1280, menu) +
      `<rect y="149" width="1280" height="560" fill="url(#hg)"/>` +
      place(700, 190, 460, 460, 600, 600, drawItem('hm', 'BAG', 'Quai Tote', lookOf('Cognac', 'Calfskin'))) +
      `<text x="120" y="420" font-family="${r.font}" font-size="54" fill="${r.ink}">The Season Edit</text>` +
      `<text x="122" y="470" font-family="${SANS}" font-size="18" letter-spacing="2" fill="${r.ink}">NEW PIECES, CHOSEN FOR YOU</text>` +
      `<rect x="${x}" y="150" width="300" height="${70 + (subMenus.length + (featured ? 1 : 0)) * 34}" fill="#fff" stroke="#e6e1da"/>` +
      `<text x="${x + 24}" y="186" font-family="${SANS}" font-size="12" letter-spacing="2" fill="#8a8580">${esc((MENUS[menu] ?? '').toUpperCase())}</text>` +
      subMenus.map((s, i) => `<text x="${x + 24}" y="${222 + i * 34}" font-family="${SANS}" font-size="15" fill="#2b2926">${esc(s)}</text>`).join('') +
      (featured ? `<text x="${x + 24}" y="${222 + subMenus.length * 34}" font-family="${SERIF}" font-size="16" font-style="italic" fill="${r.accent}">${esc(featured)}</text>` : '') +
      `<rect y="709" width="1280" height="91" fill="#f4f1ec"/>`,
    `${retailerName} homepage, ${MENUS[menu] ?? ''} menu`,
  );
}

// ── Storing them as a robot does ────────────────────────────────────────────

export interface DemoPicture {
  /** Data-bucket key under screenshots/ (docs/robot-files.md "Pictures"). */
  key: string;
  body: string;
}

/**
 * The pictures one robot (or feed) stores, under `screenshots/<type>/<slug>/<scan date>/`: each
 * distinct picture once, named by its content, in the folder of the scan that first met it;
 * later scans refer to that object. `take()` hands over the pictures stored since the last call
 * (those the next file needs in the bucket before it is dropped).
 */
export class PictureFolder {
  private readonly known = new Map<string, string>();
  private pending: DemoPicture[] = [];
  constructor(private readonly prefix: string) {}

  /** The key of this picture, stored now unless the robot stored the same bytes before. */
  store(date: string, name: string, body: string): string {
    const hash = createHash('sha1').update(body).digest('hex').slice(0, 10);
    let key = this.known.get(hash);
    if (!key) {
      key = `${this.prefix}/${date}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${hash}.svg`;
      this.known.set(hash, key);
      this.pending.push({ key, body });
    }
    return key;
  }

  take(): DemoPicture[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }
}

/**
 * The material a packshot draws an item in: the category's own (calfskin, silk twill, acetate,
 * gold) unless the item is monogram canvas or silver, so a catalogue of thousands of items needs a
 * few hundred pictures (35 shapes by 8 colours, a few variants).
 */
export function pictureMaterial(category: string, material: string): string {
  if (category === 'JWL') return material === 'Silver' ? 'Silver' : 'Gold-Tone';
  if (category === 'SCF') return material === 'Cashmere' ? 'Cashmere' : 'Silk Twill';
  if (category === 'EYE') return 'Acetate';
  return material === 'Monogram Canvas' && category !== 'SHO' ? 'Monogram Canvas' : 'Calfskin';
}
