/**
 * The brand's own email domains (issue 20 §6): the brand contact's domain may be copied (CC, BCC)
 * as a whole, unless it is a public mailbox provider's, where it would open the form to anyone there.
 */
import { describe, expect, it } from 'vitest';
import { ownDomainsOf } from '../../../functions/contact/domain/own-domains';

describe('ownDomainsOf', () => {
  it("is the brand contact's domain, lower-cased", async () => {
    expect(await ownDomainsOf({ contact: { email: 'Brand@Maison-Aurelle.example', name: 'Claire' } })).toEqual(['maison-aurelle.example']);
  });
  it('is nothing for a public provider (Gmail, Outlook, Yahoo, GMX, iCloud, Proton) and for a brand without a contact address', async () => {
    for (const email of ['founder@gmail.com', 'x@outlook.com', 'x@yahoo.fr', 'x@gmx.de', 'x@icloud.com', 'x@proton.me', 'x@HOTMAIL.COM']) {
      expect(await ownDomainsOf({ contact: { email, name: 'A' } }), email).toEqual([]);
    }
    expect(await ownDomainsOf({ contact: { email: '', name: 'A' } })).toEqual([]);
    expect(await ownDomainsOf({} as never)).toEqual([]);
    expect(await ownDomainsOf({ contact: { email: 'not-an-address', name: 'A' } })).toEqual([]);
  });
});
