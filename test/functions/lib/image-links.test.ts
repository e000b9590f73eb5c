/**
 * The app links of stored pictures (functions/lib/image-links.ts): which values are ours, what a
 * record's picture fields become, how long a link lives and that only a link we signed, for that
 * key and expiry, opens.
 */
import { beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
let links: typeof import('../../../functions/lib/image-links');
const DAY = 86_400_000;
/** 2026-11-20 15:30 UTC. */
const NOW = Date.UTC(2026, 10, 20, 15, 30);

beforeAll(async () => {
  process.env.JWT_SECRET = SECRET;
  links = await import('../../../functions/lib/image-links');
});

const queryOf = (link: string) => Object.fromEntries(new URL(link, 'http://app.test').searchParams) as { key: string; exp: string; sig: string };

describe('stored picture keys', () => {
  it('are data-bucket keys under screenshots/, without empty, dot or dot-dot folders', () => {
    expect(links.storedPictureKey('screenshots/product/harrowgate-finch/2026-11-16/a.svg')).toBe('screenshots/product/harrowgate-finch/2026-11-16/a.svg');
    expect(links.storedPictureKey('  screenshots/brand/x/logo.svg ')).toBe('screenshots/brand/x/logo.svg');
    for (const other of ['', 'screenshots/', 'https://cdn.example/a.jpg', 'exports/b/r/x.xlsx', 'imports/contacts/b/x.csv', '/screenshots/a.svg', 'screenshots//a.svg', 'screenshots/../exports/x.xlsx', 'screenshots/./a.svg', 'screenshots/a\n.svg', `screenshots/${'a'.repeat(1100)}`]) {
      expect(links.storedPictureKey(other), other).toBeUndefined();
    }
  });
});

describe('linking a record', () => {
  it('turns stored pictures into signed app links and leaves addresses, empty values and other fields as they are', async () => {
    const link = await links.imageLinker({ now: NOW });
    const row = {
      name: 'screenshots/not/a/picture/field.svg',
      image: 'screenshots/product/s/2026-11-16/p1.svg',
      imageUrl: 'screenshots/product/s/2026-11-16/p1.svg|https://cdn.retailer.example/p1-2.jpg',
      screenshot: '',
      brand_logo: 'https://cdn.retailer.example/logo.png',
      brand_hero_image: 'javascript:alert(1)',
    };
    const out = links.withImageLinks(row, link);
    expect(out.name).toBe(row.name);
    expect(out.screenshot).toBe('');
    expect(out.brand_logo).toBe(row.brand_logo);
    expect(out.brand_hero_image).toBe(row.brand_hero_image);
    expect(out.image.startsWith('/api/images?key=screenshots%2Fproduct%2Fs%2F2026-11-16%2Fp1.svg&exp=')).toBe(true);
    const [first, second] = out.imageUrl.split('|');
    expect(first).toBe(out.image);
    expect(second).toBe('https://cdn.retailer.example/p1-2.jpg');
    expect(row.image).toBe('screenshots/product/s/2026-11-16/p1.svg'); // the record itself is not changed
  });

  it('prefixes the app address for a file that leaves the app', async () => {
    const link = await links.imageLinker({ base: 'https://audit.example', now: NOW });
    expect(link('screenshots/a/b.svg').startsWith('https://audit.example/api/images?key=screenshots%2Fa%2Fb.svg&exp=')).toBe(true);
  });

  it('gives every link signed on one day the same address, living 6 to 7 days', async () => {
    const morning = await links.imageLinker({ now: Date.UTC(2026, 10, 20, 0, 0, 1) });
    const evening = await links.imageLinker({ now: Date.UTC(2026, 10, 20, 23, 59, 59) });
    const nextDay = await links.imageLinker({ now: Date.UTC(2026, 10, 21, 0, 0, 1) });
    expect(morning('screenshots/a.svg')).toBe(evening('screenshots/a.svg'));
    expect(nextDay('screenshots/a.svg')).not.toBe(evening('screenshots/a.svg'));
    const exp = Number(queryOf(evening('screenshots/a.svg')).exp) * 1000;
    expect(exp).toBe(Date.UTC(2026, 10, 27));
    expect(exp - Date.UTC(2026, 10, 20, 0, 0, 1)).toBeLessThanOrEqual(7 * DAY);
    expect(exp - Date.UTC(2026, 10, 20, 23, 59, 59)).toBeGreaterThan(6 * DAY);
  });
});

describe('checking a link', () => {
  it('opens a link we signed until it expires, then says expired', async () => {
    const q = queryOf((await links.imageLinker({ now: NOW }))('screenshots/product/s/2026-11-16/p1.svg'));
    expect(await links.checkImageLink(q, NOW)).toEqual({ ok: true, key: 'screenshots/product/s/2026-11-16/p1.svg' });
    expect(await links.checkImageLink(q, NOW + 6 * DAY)).toEqual({ ok: true, key: 'screenshots/product/s/2026-11-16/p1.svg' });
    expect(await links.checkImageLink(q, Date.UTC(2026, 10, 27))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another key, another expiry, another signature or a key outside screenshots/ signed the same way', async () => {
    const q = queryOf((await links.imageLinker({ now: NOW }))('screenshots/a/b.svg'));
    expect(await links.checkImageLink({ ...q, key: 'screenshots/a/c.svg' }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await links.checkImageLink({ ...q, exp: String(Number(q.exp) + 86_400) }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await links.checkImageLink({ ...q, sig: `${q.sig.slice(0, -1)}${q.sig.endsWith('A') ? 'B' : 'A'}` }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    // The HMAC of an export's key with our secret would be a valid signature: the key is refused before.
    const { createHmac } = await import('node:crypto');
    const { derivedKey } = await import('../../../functions/lib/jwt');
    const key = 'exports/b/r/x.xlsx';
    const sig = createHmac('sha256', await derivedKey('image-link')).update(`${key}\n${q.exp}`).digest('base64url');
    expect(await links.checkImageLink({ key, exp: q.exp, sig }, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a link signed by another secret, and one living longer than links are given', async () => {
    const { createHmac } = await import('node:crypto');
    const key = 'screenshots/a/b.svg';
    const exp = Math.floor(NOW / 1000) + 3600;
    const foreign = createHmac('sha256', 'another secret').update(`${key}\n${exp}`).digest('base64url');
    expect(await links.checkImageLink({ key, exp: String(exp), sig: foreign }, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const { derivedKey } = await import('../../../functions/lib/jwt');
    const far = Math.floor(NOW / 1000) + 30 * 86_400;
    const sig = createHmac('sha256', await derivedKey('image-link')).update(`${key}\n${far}`).digest('base64url');
    expect(await links.checkImageLink({ key, exp: String(far), sig }, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe("a case's kept copies (evidence/, issue 24 §2)", () => {
  it('are linked only by a linker made for them, and such a link opens', async () => {
    const key = 'evidence/brand-x/cAbCdEfGhIjKlMnOpQrStU/0-image.png';
    const robots = await links.imageLinker({ now: NOW });
    const kept = await links.imageLinker({ now: NOW, kept: true });
    // A robot's value under evidence/ is never made a link: it stays the text it is.
    expect(robots(key)).toBe(key);
    expect(links.withImageLinks({ image: key }, robots).image).toBe(key);
    // The kept linker links only kept copies.
    expect(kept('screenshots/a/b.svg')).toBe('screenshots/a/b.svg');
    const link = kept(key);
    expect(link.startsWith('/api/images?key=evidence%2Fbrand-x%2F')).toBe(true);
    expect(await links.checkImageLink(queryOf(link), NOW)).toEqual({ ok: true, key });
    expect(links.keptPictureKey('evidence/../screenshots/a.svg')).toBeUndefined();
    expect(links.keptPictureKey('evidence/')).toBeUndefined();
  });
});
