/**
 * A fast non-cryptographic hash of strings in JS (issue 21): four 32-bit lanes, each a
 * MurmurHash3-style multiply-rotate mix (its own constants) of the strings' UTF-16 code units
 * taken two at a time, each string preceded by its length (so no two lists of strings share an
 * input), each lane finished with MurmurHash3's avalanche. No string is built and no native call
 * made, where `crypto.hash('md5', …)` of the cells joined cost a concatenation and ~1–3 µs a
 * call. Not for data an attacker chooses to collide (nor was MD5); for keys and rows it spreads
 * like a random function: two different inputs share all 128 bits about 2^-128 of the time, and
 * any one lane 2^-32.
 */
const C = [0xcc9e2d51, 0x1b873593, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f, 0x165667b1, 0x9e3779b1, 0x7feb352d] as const;

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** One hash at a time: `start`, `add` strings, then `finish`; the four words are `a`..`d`. */
export class StringHasher {
  a = 0;
  b = 0;
  c = 0;
  d = 0;
  private units = 0;

  start(): this {
    this.a = 0x243f6a88;
    this.b = 0x85a308d3;
    this.c = 0x13198a2e;
    this.d = 0x03707344;
    this.units = 0;
    return this;
  }

  /** Mix one 32-bit word into every lane. */
  private word(k: number): void {
    this.a = (Math.imul(rotl(this.a ^ rotl(Math.imul(k, C[0]), 15), 13), 5) + 0xe6546b64) | 0;
    this.b = (Math.imul(rotl(this.b ^ rotl(Math.imul(k, C[1]), 17), 15), 5) + 0x561ccd1b) | 0;
    this.c = (Math.imul(rotl(this.c ^ rotl(Math.imul(k, C[4]), 13), 17), 5) + 0x0bcaa747) | 0;
    this.d = (Math.imul(rotl(this.d ^ rotl(Math.imul(k, C[5]), 19), 11), 5) + 0x32ac3b17) | 0;
  }

  add(s: string): this {
    const n = s.length;
    this.word(n ^ C[6]);
    let i = 0;
    for (; i + 1 < n; i += 2) {
      const k = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16);
      const a = Math.imul(k, C[0]);
      const b = Math.imul(k, C[1]);
      const c = Math.imul(k, C[4]);
      const d = Math.imul(k, C[5]);
      this.a = (Math.imul(rotl(this.a ^ rotl(a, 15), 13), 5) + 0xe6546b64) | 0;
      this.b = (Math.imul(rotl(this.b ^ rotl(b, 17), 15), 5) + 0x561ccd1b) | 0;
      this.c = (Math.imul(rotl(this.c ^ rotl(c, 13), 17), 5) + 0x0bcaa747) | 0;
      this.d = (Math.imul(rotl(this.d ^ rotl(d, 19), 11), 5) + 0x32ac3b17) | 0;
    }
    if (i < n) this.word(s.charCodeAt(i) | 0x10000);
    this.units += n + 2;
    return this;
  }

  finish(): this {
    const n = this.units;
    let a = this.a ^ n;
    let b = this.b ^ n;
    let c = this.c ^ n;
    let d = this.d ^ n;
    // MurmurHash3 x86_128's cross-lane mixing, then each lane's avalanche.
    a = (a + b + c + d) | 0;
    b = (b + a) | 0;
    c = (c + a) | 0;
    d = (d + a) | 0;
    a = fmix(a);
    b = fmix(b);
    c = fmix(c);
    d = fmix(d);
    a = (a + b + c + d) | 0;
    b = (b + a) | 0;
    c = (c + a) | 0;
    d = (d + a) | 0;
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    return this;
  }
}

const one = new StringHasher();

/** The 128-bit hash of one string (four words, into `out`). */
export function hashString(s: string, out: Int32Array | Uint32Array = new Uint32Array(4)): Int32Array | Uint32Array {
  one.start().add(s).finish();
  out[0] = one.a;
  out[1] = one.b;
  out[2] = one.c;
  out[3] = one.d;
  return out;
}
