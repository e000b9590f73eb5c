/**
 * Issue 36: the most common passwords are refused (functions/lib/common-passwords.ts), from
 * @zxcvbn-ts/language-common's list, case aside; the demo's passwords and passphrases pass.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, refuseCommonPassword } from '../../../functions/lib/common-passwords';
import { ValidationError } from '../../../functions/lib/http/errors';
import { IDP_DEMO_PASSWORD } from '../../../infra/local/oidc-idp-clients';
import { SAML_IDP_DEMO_PASSWORD } from '../../../infra/local/saml-idp-people';
import { DEMO_PASSWORD } from '../../../infra/local/seed';
import { PASSWORD_MSG } from '../../../shared/messages/accounts';

describe('the common passwords list', () => {
  it("is the package's offline list of 49,233 passwords", () => {
    expect(dictionary['passwords-common']).toHaveLength(49_233);
  });

  it('refuses the list, case-insensitively and without the spaces around it', async () => {
    for (const p of ['123456', 'password1', 'qwerty', 'letmein', 'iloveyou', 'PASSWORD1', 'Password1', 'QwErTy', ' 123456 ', 'trustno1', '1qaz2wsx']) expect(await isCommonPassword(p), p).toBe(true);
    // Every entry of the list, not a sample.
    const hits = await Promise.all(dictionary['passwords-common'].map((p) => isCommonPassword(p.toUpperCase())));
    expect(hits.every(Boolean)).toBe(true);
  });

  it("passes the demo's passwords, the tests' and passphrases", async () => {
    expect(DEMO_PASSWORD).toBe('Demo-2026!');
    for (const p of [DEMO_PASSWORD, IDP_DEMO_PASSWORD, SAML_IDP_DEMO_PASSWORD, 'Start-2026', 'secret-1', 'secret-2', 'Secret-12', 'Changed-1', 'abcdef', 'correct horse battery staple, and then some', 'là où les écureuils dansent à minuit'])
      expect(await isCommonPassword(p), p).toBe(false);
  });

  it("refuseCommonPassword throws a 400 naming the field, with the message; nothing for a good or missing one", async () => {
    const err = await refuseCommonPassword('Password1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ statusCode: 400, message: PASSWORD_MSG.tooCommon, issues: [{ path: 'password', message: PASSWORD_MSG.tooCommon }] });
    await expect(refuseCommonPassword(DEMO_PASSWORD)).resolves.toBeUndefined();
    await expect(refuseCommonPassword(undefined)).resolves.toBeUndefined();
  });
});
