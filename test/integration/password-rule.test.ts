/**
 * Issue 20 §7: one password rule on every path that sets a password (registration, activation,
 * reset, the admin's Add User, My Account), from one schema (shared/schemas/password.ts): a
 * 4-character password is refused everywhere with the spec's message, a 65-character passphrase is
 * accepted everywhere and logs in, past 128 characters is 'Too Long!'.
 *
 * Issue 36: every path refuses a control character (six NUL characters, a tab inside) and the most
 * common passwords (`123456`, `password1`, `Password1`), each with its message under the password
 * field, and a refusal does not spend a reset or activation link; a long passphrase with spaces and
 * accents is accepted everywhere and logs in.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '../../shared/messages/accounts';
import { PASSWORD_RULE } from '../../shared/schemas/password';
import { type ApiResult, callRoute, errorBody, login, sentEmails, stack } from '../support/api';
import { signedInAccounts } from '../support/accounts';

const tag = randomBytes(4).toString('hex');
const FOUR = 'abcd';
/** 65 characters, spaces and punctuation included: a passphrase. */
const PASSPHRASE = 'correct horse battery staple, and then some more words to reach 6';
const TOO_LONG = 'x'.repeat(PASSWORD_RULE.max + 1);
const TOO_SHORT = 'You must enter a password of at least 6 characters.';

const refusedFor = async (res: ApiResult, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(errorBody(res).issues?.find((i) => i.path === 'password')?.message).toBe(message);
};
const logsIn = async (email: string, password: string) => expect((await callRoute('login', { body: { email, password } })).status).toBe(200);
const linkTo = async (email: string, page: 'activate-account' | 'reset-password') => {
  const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email) && m.body.html?.includes(page));
  const token = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.body.html ?? '')?.[1];
  expect(token, `a ${page} link to ${email}`).toBeTruthy();
  return token!;
};

const selfEmail = `pw-self-${tag}@demo.test`;
beforeAll(async () => {
  Object.assign(process.env, stack().env);
  expect(PASSPHRASE).toHaveLength(65);
  await signedInAccounts('brand-maison-aurelle', 'Start-2026', { self: { _id: `user-pw-self-${tag}`, email: selfEmail } });
});

describe('one password rule on every path', () => {
  it('registration and its activation link', async () => {
    const email = `pw-reg-${tag}@demo.test`;
    const body = (password: string) => ({ email, password, firstName: 'Pia', lastName: 'Word', company: `Passphrase ${tag}` });
    await refusedFor(await callRoute('register', { body: body(FOUR) }), TOO_SHORT);
    await refusedFor(await callRoute('register', { body: body(TOO_LONG) }), 'Too Long!');
    expect((await callRoute('register', { body: body(PASSPHRASE) })).status).toBe(201);
    const token = await linkTo(email, 'activate-account');
    await refusedFor(await callRoute('resetPassword', { query: { token }, body: { password: FOUR } }), TOO_SHORT);
    await refusedFor(await callRoute('resetPassword', { query: { token }, body: { password: TOO_LONG } }), 'Too Long!');
    // The refused tries did not spend the link.
    expect((await callRoute('resetPassword', { query: { token }, body: { password: PASSPHRASE } })).status).toBe(200);
    await logsIn(email, PASSPHRASE);
  });

  it('the reset link', async () => {
    expect((await callRoute('forgotPassword', { body: { email: selfEmail, userName: 'Self' } })).status).toBe(200);
    const token = await linkTo(selfEmail, 'reset-password');
    await refusedFor(await callRoute('resetPassword', { query: { token }, body: { password: FOUR } }), TOO_SHORT);
    expect((await callRoute('resetPassword', { query: { token }, body: { password: PASSPHRASE } })).status).toBe(200);
    await logsIn(selfEmail, PASSPHRASE);
  });

  it("the admin's Add User", async () => {
    const admin = await login('admin@demo.test');
    const body = (password: string, n: number) => ({ name: `Pass Phrase ${n}`, email: `pw-admin-${n}-${tag}@demo.test`, password, brand: 'brand-maison-aurelle', roles: ['role-user'] });
    await refusedFor(await callRoute('createUser', { token: admin, body: body(FOUR, 1) }), TOO_SHORT);
    await refusedFor(await callRoute('createUser', { token: admin, body: body(TOO_LONG, 1) }), 'Too Long!');
    expect((await callRoute('createUser', { token: admin, body: body(PASSPHRASE, 2) })).status).toBe(201);
    await logsIn(`pw-admin-2-${tag}@demo.test`, PASSPHRASE);
  });

  it('My Account', async () => {
    const account = await signedInAccounts('brand-maison-aurelle', 'Start-2026', { me: { _id: `user-pw-me-${tag}`, email: `pw-me-${tag}@demo.test` } });
    const edit = (password: string) => callRoute('updateUser', { params: { id: `user-pw-me-${tag}` }, token: account.me, body: { password, currentPassword: 'Start-2026' } });
    await refusedFor(await edit(FOUR), TOO_SHORT);
    await refusedFor(await edit(TOO_LONG), 'Too Long!');
    expect((await edit(PASSPHRASE)).status).toBe(200);
    await logsIn(`pw-me-${tag}@demo.test`, PASSPHRASE);
  });
});

/** 70 characters: spaces, accents, a comma. */
const ACCENTED_PASSPHRASE = 'Les écureuils dansent à minuit sous la pluie fine de Zürich, été 2026';
/** What each path must refuse (issue 36), and with which message. */
const REFUSED: [string, string, string][] = [
  ['123456', '123456', PASSWORD_MSG.tooCommon],
  ['password1', 'password1', PASSWORD_MSG.tooCommon],
  ['Password1 (the list, case aside)', 'Password1', PASSWORD_MSG.tooCommon],
  ['six NUL characters', '\u0000'.repeat(6), PASSWORD_MSG.controlCharacters],
  ['a tab inside', 'Maison\tAurelle-2031', PASSWORD_MSG.controlCharacters],
];

interface SettingPath {
  /** Makes what the path needs (an account, a link); called once, before the tries. */
  setUp: () => Promise<void>;
  /** Sets `password` through the path. */
  set: (password: string) => Promise<ApiResult>;
  /** The status of an accepted password, and the address that then logs in with it. */
  ok: number;
  email: () => string;
  /** The account is pending until its activation link is used (a registration). */
  pending?: true;
}

let n = 0;
const PATHS_36: Record<string, SettingPath> = (() => {
  const regEmail = `pw36-reg-${tag}@demo.test`;
  const activateEmail = `pw36-act-${tag}@demo.test`;
  const resetEmail = `pw36-reset-${tag}@demo.test`;
  const meEmail = `pw36-me-${tag}@demo.test`;
  let activateToken = '';
  let resetToken = '';
  let meToken = '';
  let adminToken = '';
  let adminEmail = '';
  return {
    'POST /register': {
      setUp: async () => {},
      set: (password) => callRoute('register', { body: { email: regEmail, password, firstName: 'Rea', lastName: 'Gister', company: `Common Words ${tag}` } }),
      ok: 201,
      email: () => regEmail,
      pending: true,
    },
    'the activation link (POST /resetPassword)': {
      setUp: async () => {
        expect((await callRoute('register', { body: { email: activateEmail, password: 'Start-2026', firstName: 'Ac', lastName: 'Tivate', company: `Activate Words ${tag}` } })).status).toBe(201);
        activateToken = await linkTo(activateEmail, 'activate-account');
      },
      set: (password) => callRoute('resetPassword', { query: { token: activateToken }, body: { password } }),
      ok: 200,
      email: () => activateEmail,
    },
    'the reset link (POST /resetPassword)': {
      setUp: async () => {
        await signedInAccounts('brand-maison-aurelle', 'Start-2026', { reset: { _id: `user-pw36-reset-${tag}`, email: resetEmail } });
        expect((await callRoute('forgotPassword', { body: { email: resetEmail, userName: 'Reset' } })).status).toBe(200);
        resetToken = await linkTo(resetEmail, 'reset-password');
      },
      set: (password) => callRoute('resetPassword', { query: { token: resetToken }, body: { password } }),
      ok: 200,
      email: () => resetEmail,
    },
    'My Account (PUT /users/{id})': {
      setUp: async () => {
        meToken = (await signedInAccounts('brand-maison-aurelle', 'Start-2026', { me: { _id: `user-pw36-me-${tag}`, email: meEmail } })).me;
      },
      set: (password) => callRoute('updateUser', { params: { id: `user-pw36-me-${tag}` }, token: meToken, body: { password, currentPassword: 'Start-2026' } }),
      ok: 200,
      email: () => meEmail,
    },
    "the admin's Add User (POST /users)": {
      setUp: async () => {
        adminToken = await login('admin@demo.test');
      },
      set: (password) => {
        adminEmail = `pw36-admin-${++n}-${tag}@demo.test`;
        return callRoute('createUser', { token: adminToken, body: { name: `Common Word ${n}`, email: adminEmail, password, brand: 'brand-maison-aurelle', roles: ['role-user'] } });
      },
      ok: 201,
      email: () => adminEmail,
    },
  };
})();

describe.each(Object.entries(PATHS_36))('issue 36: %s refuses control characters and common passwords', (_name, path) => {
  beforeAll(path.setUp);
  it.each(REFUSED)('refuses %s under the password field', async (_what, password, message) => {
    await refusedFor(await path.set(password), message);
  });
  it('accepts a long passphrase with spaces and accents (a refusal spent no link), and it logs in', async () => {
    expect(ACCENTED_PASSPHRASE.length).toBeGreaterThan(64);
    const res = await path.set(ACCENTED_PASSPHRASE);
    expect(res.status, JSON.stringify(res.body)).toBe(path.ok);
    if (path.pending) {
      const token = await linkTo(path.email(), 'activate-account');
      expect((await callRoute('resetPassword', { query: { token }, body: { password: ACCENTED_PASSPHRASE } })).status).toBe(200);
    }
    await logsIn(path.email(), ACCENTED_PASSPHRASE);
  });
});
