/**
 * The basket export's picture fetch (functions/basket/image-fetch.ts) without a network: only a
 * `screenshots/` key is read from the data bucket; any other bucket key is treated as an address
 * (and is not one), and a zip entry's extension comes from a stored key as from an address.
 */
import { describe, expect, it } from 'vitest';
import { fetchPicture, imageExtension, ImageFetchError } from '../../../functions/basket/image-fetch';

describe('fetchPicture', () => {
  it('never reads a key of the bucket outside screenshots/: it is not an address either', async () => {
    for (const value of ['exports/brand/ret/x.xlsx', 'imports/contacts/b/x.csv', 'screenshots/../exports/x.xlsx', 'jobs/basket-export/j.json']) {
      await expect(fetchPicture(value), value).rejects.toEqual(new ImageFetchError('not a valid address'));
    }
  });

  it('keeps refusing what is not http(s)', async () => {
    await expect(fetchPicture('file:///etc/passwd')).rejects.toEqual(new ImageFetchError('not an http(s) address'));
  });
});

describe('imageExtension', () => {
  it('takes the type, else the stored key or the address, else .img', () => {
    expect(imageExtension('image/svg+xml', 'screenshots/oh/b/2026-11-09/x.svg')).toBe('.svg');
    expect(imageExtension('', 'screenshots/oh/b/2026-11-09/x.PNG')).toBe('.png');
    expect(imageExtension('', 'screenshots/oh/b/2026-11-09/x')).toBe('.img');
    expect(imageExtension('application/octet-stream', 'https://cdn.example/a/b.webp?v=2#top')).toBe('.webp');
  });
});
