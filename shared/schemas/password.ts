/**
 * The one password rule of every path that sets a password (issue 20 §7): registration, the
 * reset and activation links' form, the admin's Add User, My Account. The same schema checks the
 * web's forms and the API's bodies, with the spec's messages (000 §5 'You must enter a password
 * of at least 6 characters.', 001 §5 'Password Required', 'Too Long!').
 *
 * At least 6 characters (the spec's registration rule), at most 128: a passphrase fits (NIST SP
 * 800-63B and OWASP: allow at least 64); any character, spaces included, and nothing trimmed.
 * The spec's older limits (4–12 on the reset form, 20 at most on the admin's form and the login
 * form) would refuse passphrases: docs/decisions.md "Accounts and sessions".
 */
import * as z from 'zod';
import { PASSWORD_MSG } from '../messages/accounts';

export const PASSWORD_RULE = { min: 6, max: 128 } as const;

/**
 * A new password: 6 to 128 characters. The rule is the same everywhere; only what an empty field
 * says follows its form's spec: 'You must enter a password of at least 6 characters.' (000 §5,
 * registration; the reset/activate form and My Account too), 'Password Required' on the admin's
 * Add User (001 §5: `newPasswordRequired`).
 */
const passwordRule = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_RULE.min, PASSWORD_MSG.tooShort)
    .max(PASSWORD_RULE.max, PASSWORD_MSG.tooLong);
export const newPassword = passwordRule(PASSWORD_MSG.tooShort);
/** The same rule, an empty field saying 'Password Required' (001 §5, the admin's Add User). */
export const newPasswordRequired = passwordRule(PASSWORD_MSG.required);

/** A password typed to prove who one is (login, the current password of My Account): any stored one fits. */
export const typedPassword = (required: string) => z.string({ error: required }).min(1, required).max(PASSWORD_RULE.max, PASSWORD_MSG.tooLong);

/** What a form shows under its password field. */
export const PASSWORD_HINT = `${PASSWORD_RULE.min} to ${PASSWORD_RULE.max} characters; a passphrase is welcome.`;
