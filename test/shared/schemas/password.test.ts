/**
 * Issue 20 §7: one password rule from one schema. Every schema that takes a new password (the
 * API's bodies and the web's forms) accepts and refuses the same lengths with the same messages;
 * the login and the current-password field take any password the rule allows. Issue 36: no control
 * character (NUL, a tab, a line break, C1, a lone surrogate), passphrases with spaces, accents and
 * emoji kept.
 */
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { loginBody, loginForm, registerBody, registerForm, resetPasswordBody, resetPasswordForm } from '../../../shared/schemas/auth';
import { PASSWORD_RULE } from '../../../shared/schemas/password';
import { adminUserForm, createUserBody, myAccountForm, updateUserBody } from '../../../shared/schemas/users';

const valid = {
  register: { email: 'a@b.test', firstName: 'A', lastName: 'B', company: 'C' },
  admin: { name: 'Ann Admin', email: 'a@b.test', brand: 'brand-1' },
};
const SHORT = 'You must enter a password of at least 6 characters.';
/** Each path's schema with the rest of its body filled in (password → what it parses), and what its empty field says (its form's spec). */
const PATHS: Record<string, [ZodType, (password: string) => unknown, string]> = {
  'POST /register': [registerBody, (password) => ({ ...valid.register, password }), SHORT],
  'the register form': [registerForm, (password) => ({ ...valid.register, password, confirmPassword: password }), SHORT],
  'POST /resetPassword (reset and activation)': [resetPasswordBody, (password) => ({ password }), SHORT],
  'the reset/activate form': [resetPasswordForm, (password) => ({ password, confirmPassword: password }), SHORT],
  'POST /users (admin)': [createUserBody, (password) => ({ ...valid.admin, password, roles: ['role-user'] }), 'Password Required'],
  "the admin's Add User form": [adminUserForm, (password) => ({ ...valid.admin, password, role: 'role-user' }), 'Password Required'],
  'PUT /users/{id} (My Account)': [updateUserBody, (password) => ({ password, currentPassword: 'old-one' }), SHORT],
};
const CONTROL = 'A password cannot contain control characters such as a tab or a line break: use letters, digits, spaces and punctuation.';
/** Each a control character inside a password of a valid length (issue 36). */
const WITH_CONTROLS: Record<string, string> = {
  'six NUL characters': '\u0000'.repeat(6),
  'a NUL at the end': 'Demo-2026!\u0000',
  'a tab inside': 'Demo\t2026!',
  'a line break': 'Demo-2026!\n',
  'a carriage return': 'Demo\r-2026!',
  'an escape': '\u001bDemo-2026!',
  DEL: 'Demo-2026!\u007f',
  'a C1 control (NEL)': 'Demo-2026!\u0085',
  'a C1 control (U+009F)': '\u009fDemo-2026!',
  'the line separator': 'Demo\u20282026!',
  'the paragraph separator': 'Demo\u20292026!',
  'a lone surrogate': 'Demo-2026!\ud800',
};
/** Passphrases and non-ASCII text that must pass. */
const PASSPHRASES = [
  'Demo-2026!',
  'là où les écureuils dansent à minuit, sous la pluie',
  'Ça déménage à Zürich: größer, schöner, 北京 и Москва',
  '  leading and trailing spaces kept  ',
  'family 👩‍👩‍👧 photo 2026',
  'نامه‌ای برای دوستم',
];
const passwordError = (schema: ZodType, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'password')?.message;
};

describe.each(Object.entries(PATHS))('%s', (_path, [schema, body, empty]) => {
  it("refuses fewer than 6 characters with the spec message, and an empty one with its form's", () => {
    expect(passwordError(schema, body('abcd'))).toBe(SHORT);
    expect(passwordError(schema, body('abcde'))).toBe(SHORT);
    expect(passwordError(schema, body(''))).toBe(empty);
  });
  it('accepts 6 characters, a 65-character passphrase and 128 characters, spaces and all', () => {
    for (const p of ['abcdef', `${'correct horse battery staple '.repeat(2)}extra words!`.slice(0, 65), 'é'.repeat(PASSWORD_RULE.max)]) {
      expect(passwordError(schema, body(p)), `${p.length} characters`).toBeUndefined();
      expect(schema.safeParse(body(p)).success).toBe(true);
    }
  });
  it("refuses more than 128 characters ('Too Long!')", () => {
    expect(passwordError(schema, body('x'.repeat(PASSWORD_RULE.max + 1)))).toBe('Too Long!');
  });
  it.each(Object.entries(WITH_CONTROLS))('refuses %s with the control-character message', (_what, password) => {
    expect(passwordError(schema, body(password))).toBe(CONTROL);
  });
  it('accepts passphrases with spaces, accents, other scripts, emoji (their zero-width joiners) and Persian (its zero-width non-joiner)', () => {
    for (const p of PASSPHRASES) expect(passwordError(schema, body(p)), p).toBeUndefined();
  });
});

describe("My Account's form (its password: empty, or the rule)", () => {
  const form = myAccountForm('me@b.test');
  const values = (password: string) => ({ email: 'me@b.test', name: 'Me', user_email_bcc: '', emailFrequency: 'Weekly', password, currentPassword: 'old-one' });
  it('refuses a control character and a short password with their messages, takes an empty one and a passphrase', () => {
    expect(passwordError(form, values('Demo\t2026!'))).toBe(CONTROL);
    expect(passwordError(form, values('\u0000'.repeat(6)))).toBe(CONTROL);
    expect(passwordError(form, values('abcd'))).toBe(SHORT);
    expect(form.safeParse(values('')).success).toBe(true);
    expect(form.safeParse(values(PASSPHRASES[1]!)).success).toBe(true);
  });
});

describe('typing a password one has', () => {
  it('the login and the current password take any password the rule allows, and no longer', () => {
    const long = 'x'.repeat(PASSWORD_RULE.max);
    expect(loginBody.safeParse({ email: 'a@b.test', password: long }).success).toBe(true);
    expect(loginForm.safeParse({ email: 'a@b.test', password: long }).success).toBe(true);
    expect(updateUserBody.safeParse({ email: 'a@b.test', currentPassword: long }).success).toBe(true);
    expect(loginBody.safeParse({ email: 'a@b.test', password: `${long}x` }).success).toBe(false);
  });
});
