/** The basket export's SSRF guard: only public unicast addresses may be fetched (functions/basket/domain/addresses.ts). */
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../functions/basket/domain/addresses';
import { imageExtension } from '../../../functions/basket/image-fetch';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.255.1.2', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.0.8',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1', 'not-an-ip', '',
  ])('refuses %s', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '193.0.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe('imageExtension', () => {
  it('comes from the content type, else the address, else .img', () => {
    expect(imageExtension('image/png; charset=binary', 'https://x.example/a')).toBe('.png');
    expect(imageExtension('application/octet-stream', 'https://x.example/a/b.JPEG?x=1')).toBe('.jpeg');
    expect(imageExtension('', 'https://x.example/a')).toBe('.img');
  });
});
