/**
 * Pictures of the content-checks suites as SVG (the demo's pictures are SVG too): a product shot
 * drawn from a few shapes, so each test names its picture by what it shows. Rendered by resvg in
 * the checks like any stored picture.
 */
export const SVG_PICTURES = {
  /** The official packshot: a bag (a body, a flap, a handle) on a warm ground. */
  bag: `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f3ece2"/><rect x="90" y="160" width="220" height="170" rx="18" fill="#7a3b2e"/><path d="M90 175 L200 250 L310 175 Z" fill="#5e2a20"/><path d="M140 160 C140 80 260 80 260 160" stroke="#3b1d16" stroke-width="14" fill="none"/><circle cx="200" cy="250" r="10" fill="#d9b35a"/></svg>`,
  /** The retired packshot: a scarf (stripes on a square) on a cool ground. */
  scarf: `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#dfe7ef"/><rect x="60" y="60" width="280" height="280" fill="#1f4e79"/><rect x="60" y="110" width="280" height="30" fill="#f2c14e"/><rect x="60" y="200" width="280" height="30" fill="#f2c14e"/><rect x="60" y="290" width="280" height="30" fill="#f2c14e"/><circle cx="320" cy="80" r="40" fill="#c0392b"/></svg>`,
  /** A picture not from the brand: a shoe-like shape, dark ground. */
  foreign: `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#222"/><path d="M40 300 L360 300 L360 260 C300 250 250 200 220 140 L120 140 L40 260 Z" fill="#e8e8e8"/><rect x="40" y="300" width="320" height="24" fill="#b03a2e"/><circle cx="90" cy="90" r="30" fill="#f1c40f"/></svg>`,
} as const;

/** The same picture with other bytes (as a retailer's CDN re-writes a file): same drawing, other spacing and a comment. */
export const resaved = (svg: string) => svg.replace('<svg ', '<svg  ').replace('>', '><!-- resaved -->');
