/**
 * Issue 20 §7: one password rule on every path that sets a password (registration, activation,
 * reset, the admin's Add User, My Account), from one schema (shared/schemas/password.ts): a
 * 4-character password is refused everywhere with the spec's message, a 65-character passphrase is
 * accepted everywhere and logs in, past 128 characters is 'Too Long!'.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
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
