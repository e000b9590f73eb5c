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
 *
 * No control character (issue 36): see `CONTROL_CHARACTERS`. The most common passwords are refused
 * by the functions that set one (functions/lib/common-passwords.ts: a 49,233-entry list that stays
 * out of the web's bundle), with their message under the same field.
 */
import * as z from 'zod';
import { PASSWORD_MSG } from '../messages/accounts';

export const PASSWORD_RULE = { min: 6, max: 128 } as const;

/**
 * What a password may not hold (issue 36): Unicode's control characters (Cc: NUL and every C0
 * control, tab and line breaks included, DEL and the C1 controls), the line and paragraph
 * separators (Zl, Zp), and a lone surrogate (Cs: half a character, which UTF-8 stores as U+FFFD,
 * so two different passwords would hash the same). Nobody types them into a password field; a
 * pasted or scripted one is a mistake or a trick. Format characters (Cf) are kept: the zero-width
 * joiner of emoji and the zero-width non-joiner of Persian are part of real text. Spaces and every
 * letter, accented or not, pass.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * A new password: 6 to 128 characters, no control character. The rule is the same everywhere; only what an empty field
 * says follows its form's spec: 'You must enter a password of at least 6 characters.' (000 §5,
 * registration; the reset/activate form and My Account too), 'Password Required' on the admin's
 * Add User (001 §5: `newPasswordRequired`).
 */
const passwordRule = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_RULE.min, PASSWORD_MSG.tooShort)
    .max(PASSWORD_RULE.max, PASSWORD_MSG.tooLong)
    .refine((p) => !CONTROL_CHARACTERS.test(p), PASSWORD_MSG.controlCharacters);
export const newPassword = passwordRule(PASSWORD_MSG.tooShort);
/** The same rule, an empty field saying 'Password Required' (001 §5, the admin's Add User). */
export const newPasswordRequired = passwordRule(PASSWORD_MSG.required);

/** A password typed to prove who one is (login, the current password of My Account): any stored one fits. */
export const typedPassword = (required: string) => z.string({ error: required }).min(1, required).max(PASSWORD_RULE.max, PASSWORD_MSG.tooLong);

/** What a form shows under its password field. */
export const PASSWORD_HINT = `${PASSWORD_RULE.min} to ${PASSWORD_RULE.max} characters; a passphrase is welcome.`;
