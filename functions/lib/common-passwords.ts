/**
 * The most common passwords, refused wherever a password is set (issue 36): registration, the reset
 * and activation links (invitations included), My Account, the admin's Add User. The list is
 * `@zxcvbn-ts/language-common`'s `passwords-common` (49,233 passwords of the breach corpora, the
 * list zxcvbn scores with; offline, no network call), compared case-insensitively and without the
 * spaces around it (`Password1` and ` 123456 ` are as easy to guess as `password1`, `123456`).
 *
 * It lives here, not in shared/schemas/password.ts: the web's forms use that schema, and the list
 * (~380 KB) must not reach the web's bundle. The functions that set a password call
 * `refuseCommonPassword` before anything else changes (a reset link is not spent by a refusal), and
 * its 400 names the `password` field, so the forms show it under the field as zod's own issues.
 * The list is imported and decompressed on first use (~70 ms, then ~20 ms for the set), not at
 * module load: a function's other requests never pay for it.
 */
import { PASSWORD_MSG } from '../../shared/messages/accounts';
import { ValidationError } from './http/errors';

let common: Promise<ReadonlySet<string>> | undefined;
const commonPasswords = () => (common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))));

/** Whether `password` is one of the list's, case aside. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/** Throws the 400 of a common password, its issue under `path` (the body's field); nothing without a password. */
export async function refuseCommonPassword(password: string | undefined, path = 'password'): Promise<void> {
  if (password === undefined || !(await isCommonPassword(password))) return;
  throw new ValidationError(PASSWORD_MSG.tooCommon, [{ path, message: PASSWORD_MSG.tooCommon }]);
}
