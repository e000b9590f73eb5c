/**
 * GET /images's answer (functions/images/pictures.ts) without S3: a valid link gives a presigned
 * GET of that key, an hour long, typed by the key's extension and cacheable for its life; a warm
 * function hands the same address out again for half an hour, then signs a new one; a link we
 * did not sign is a 400, an expired one a 410.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MSG } from '../../../shared/schemas/images';

const NOW = Date.UTC(2026, 10, 20, 15, 30);
const MIN = 60_000;
let pictures: typeof import('../../../functions/images/pictures');
let links: typeof import('../../../functions/lib/image-links');

beforeAll(async () => {
  Object.assign(process.env, { JWT_SECRET: 'unit-test-secret-unit-test-secret-0123456789', DATA_BUCKET: 'pictures-bucket', S3_ENDPOINT: 'http://127.0.0.1:9', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  pictures = await import('../../../functions/images/pictures');
  links = await import('../../../functions/lib/image-links');
});

const queryOf = async (key: string) => Object.fromEntries(new URL((await links.imageLinker({ now: NOW }))(key), 'http://app.test').searchParams) as { key: string; exp: string; sig: string };

describe('openPicture', () => {
  it('presigns a GET of the key for an hour, typed by its extension and cacheable as long', async () => {
    const url = new URL(await pictures.openPicture(await queryOf('screenshots/brand/r/2026-11-16/logo-1.svg'), NOW));
    expect(url.pathname).toBe('/pictures-bucket/screenshots/brand/r/2026-11-16/logo-1.svg');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261120T153000Z');
    expect(url.searchParams.get('response-content-type')).toBe('image/svg+xml');
    expect(url.searchParams.get('response-cache-control')).toBe('private, max-age=3600');
    // No extension: S3 answers the type stored with the object.
    const bare = new URL(await pictures.openPicture(await queryOf('screenshots/brand/r/2026-11-16/logo'), NOW));
    expect(bare.searchParams.has('response-content-type')).toBe(false);
  });

  it('hands the same address out again for half an hour, then a newly signed one', async () => {
    const q = await queryOf('screenshots/product/r/2026-11-16/p-2.png');
    const first = await pictures.openPicture(q, NOW);
    expect(await pictures.openPicture(q, NOW + 29 * MIN)).toBe(first);
    const later = await pictures.openPicture(q, NOW + 31 * MIN);
    expect(later).not.toBe(first);
    expect(new URL(later).searchParams.get('X-Amz-Date')).toBe('20261120T160100Z');
  });

  it('refuses a link we did not sign (400) and one past its expiry (410)', async () => {
    const q = await queryOf('screenshots/product/r/2026-11-16/p-3.png');
    await expect(pictures.openPicture({ ...q, key: 'screenshots/product/r/2026-11-16/p-4.png' }, NOW)).rejects.toMatchObject({ statusCode: 400, message: IMAGE_MSG.invalid });
    await expect(pictures.openPicture(q, Number(q.exp) * 1000)).rejects.toMatchObject({ statusCode: 410, message: IMAGE_MSG.expired });
  });
});
