/**
 * WCAG 2.x contrast of the brand colours (the Brand tab's warning, shown before saving, never
 * blocking): the text colour on the background (side bar, top bar), on the hover colour laid over
 * the background (a hovered or current menu entry) and on the summary section colour laid over
 * the page (the summary's welcome and tiles). Colours with opacity are composited first. Pure.
 */
import { COLOUR_LABELS } from '@shared/schemas/brand-settings';
import type { Colors } from '@shared/types';

export const MIN_CONTRAST = 4.5;
/** The page behind the summary section (styles.css --page). */
const PAGE = '#f4f5f7';

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** #rgb, #rrggbb, #rrggbbaa (also #rgba) → channels 0-255 and alpha 0-1; undefined otherwise. */
export function parseHex(hex: string): Rgba | undefined {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) return undefined;
  let h = m[1]!;
  if (h.length <= 4) h = [...h].map((c) => c + c).join('');
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
}

/** `top` laid over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio (1 to 21) of text of colour `fg` on `bg`, each composited over `base` (default white). */
export function contrastRatio(fg: string, bg: string, base = '#ffffff'): number | undefined {
  const [f, b, under] = [parseHex(fg), parseHex(bg), parseHex(base)];
  if (!f || !b || !under) return undefined;
  const back = over(b, over(under, { r: 255, g: 255, b: 255, a: 1 }));
  const front = over(f, back);
  const [l1, l2] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

export interface ContrastIssue {
  where: string;
  ratio: number;
  message: string;
}

const round = (r: number) => Math.floor(r * 100) / 100;

/** The places where text would be hard to read (ratio below 4.5:1), each with a message. */
export function contrastIssues(c: Colors): ContrastIssue[] {
  const text = COLOUR_LABELS.textColor.toLowerCase();
  const pairs: [string, number | undefined][] = [
    [COLOUR_LABELS.bgColor.toLowerCase(), contrastRatio(c.textColor, c.bgColor)],
    // The hover colour is laid over the background in the side bar.
    [`${COLOUR_LABELS.hoverColor.toLowerCase()} (over the background)`, (() => {
      const bg = parseHex(c.bgColor);
      const hover = parseHex(c.hoverColor);
      if (!bg || !hover) return undefined;
      const hex = (x: Rgba) => `#${[x.r, x.g, x.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
      return contrastRatio(c.textColor, hex(over(hover, over(bg, { r: 255, g: 255, b: 255, a: 1 }))));
    })()],
    [COLOUR_LABELS.summaryPageSectionColor.toLowerCase(), contrastRatio(c.textColor, c.summaryPageSectionColor, PAGE)],
  ];
  return pairs
    .filter((p): p is [string, number] => p[1] !== undefined && p[1] < MIN_CONTRAST)
    .map(([where, ratio]) => ({ where, ratio, message: `The ${text} on the ${where} has a contrast of ${round(ratio)}:1, below ${MIN_CONTRAST}:1: text may be hard to read.` }));
}
