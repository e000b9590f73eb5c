/**
 * Issue 6 §4, issue 20 §7: login throttling that cannot be raced or turned against the owner.
 * Attempts are counted per account AND source address with an atomic conditional write, and per
 * account from every unknown browser as a backstop; a browser holding the account's device
 * cookie is counted on its own and never held by the backstop. An unknown email is answered
 * exactly like a known one; every address has a limit on the public account routes.
 * Each test calls from addresses of its own (127.x.y.z) and at a time of its own: the test stack
 * stamps a request with the time it names (x-test-request-time), so each test counts in a
 * throttle window nobody else uses, whatever the real clock says.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { TEST_ACCOUNT_ROUTE_LIMIT } from '../setup/stack';
import type { LoginResponse } from '../../shared/types';
import { captchaRequiredResponse } from '../../shared/schemas/auth';
import { PUBLIC_MSG } from '../../shared/messages/public';
import type { CaptchaChallenge } from '../../shared/schemas/public';
import { strict } from '../support/contract';
import { apiFrom, errorBody, sentEmails, stack, TEST_CLOCK_HEADER, throttleWindowTime, type ApiResult } from '../support/api';
import { testUser } from '../support/accounts';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Throttle-1!';
const net = 100 + (randomBytes(1)[0]! % 100); // 127.<net>.x.y: apart from other runs' counters
let seq = 0;
let windows = 0;
let users: typeof import('../../functions/users/users.repo');
let passwordHash = '';

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  users = await import('../../functions/users/users.repo');
  passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
});

async function makeUser(): Promise<{ id: string; email: string }> {
  const id = `user-thr-${tag}-${++seq}`;
  const email = `throttle-${tag}-${seq}@demo.test`;
  await users.createUser(testUser({ _id: id, name: `Thr ${seq}`, firstname: 'Thr', lastname: String(seq), email, passwordHash }));
  return { id, email };
}

const address = (n: number) => `127.${net}.${seq % 250}.${n}`;
/** A time in a throttle window of this test alone. */
const ownWindow = () => throttleWindowTime(++windows, AUTH.lockMinutes);

interface Caller {
  from: string;
  at: number;
  /** The browser's device cookie (`name=value`), when it has one. */
  cookie?: string;
}
const clock = (c: Caller) => ({ [TEST_CLOCK_HEADER]: String(c.at), ...(c.cookie ? { cookie: c.cookie } : {}) });
const login = (c: Caller, email: string, password: string) => apiFrom<LoginResponse>(c.from, 'POST', '/login', { body: { email, password }, headers: clock(c) });

type LocalChallenge = Extract<CaptchaChallenge, { provider: 'local' }>;
/** The answer to a local captcha's question (the test stack runs the local provider). */
function solved(c: CaptchaChallenge | undefined, wrong = false): { recaptcha: string; captchaToken: string } {
  if (c?.provider !== 'local') throw new Error(`the test stack runs the local captcha, got ${JSON.stringify(c)}`);
  const m = /^What is (\d+) \+ (\d+)\?$/.exec(c.question);
  if (!m) throw new Error(`unexpected question ${c.question}`);
  return { recaptcha: String(Number(m[1]) + Number(m[2]) + (wrong ? 1 : 0)), captchaToken: c.token };
}
/** A login that also sends a captcha (its answer and token). */
const loginWith = (c: Caller, email: string, password: string, captcha: { recaptcha: string; captchaToken: string }) =>
  apiFrom<LoginResponse>(c.from, 'POST', '/login', { body: { email, password, ...captcha }, headers: clock(c) });
/** A fresh challenge, as the public forms get it. */
const freshChallenge = async (from: string) => (await apiFrom<LocalChallenge>(from, 'GET', '/captcha')).body;
/** The captcha a held login's 429 names, checked to be the CAPTCHA_REQUIRED answer. */
function captchaAsked(res: ApiResult, message: string = MSG.loginCaptchaRequired): CaptchaChallenge {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(strict(captchaRequiredResponse).safeParse(res.body).success, JSON.stringify(res.body)).toBe(true);
  expect(errorBody(res).message).toBe(message);
  expect(res.headers.getSetCookie().some((c) => c.startsWith('__Secure-ra-device='))).toBe(false);
  return (res.body as { captcha: CaptchaChallenge }).captcha;
}

/** The device cookie a login answer sets, as the browser sends it back (`name=value`), with its attributes. */
function deviceCookieOf(res: ApiResult): { pair: string; attributes: string[] } {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('__Secure-ra-device='));
  expect(set, 'a device cookie is set').toBeDefined();
  const [pair, ...attributes] = set!.split(';').map((p) => p.trim());
  return { pair: pair!, attributes };
}

describe('failed logins per account and address', () => {
  it('40 parallel wrong guesses check at most the limit, and the right password is refused while locked', async () => {
    const { email } = await makeUser();
    const c = { from: address(1), at: ownWindow() };
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(c, email, `wrong-${i}`)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(AUTH.maxFailedLogins);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - AUTH.maxFailedLogins);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const right = await login(c, email, PASSWORD);
    expect(right.status).toBe(429);
    expect(errorBody(right).message).toBe(MSG.accountLocked);
    expect(right.body).not.toHaveProperty('token');
  });

  it('a right password inside a burst that is over the limit gets no token', async () => {
    const { email } = await makeUser();
    const c = { from: address(2), at: ownWindow() };
    for (let i = 0; i < AUTH.maxFailedLogins; i++) expect((await login(c, email, `wrong-${i}`)).status).toBe(401);
    const burst = await Promise.all([...Array.from({ length: 10 }, (_, i) => login(c, email, `more-${i}`)), login(c, email, PASSWORD)]);
    expect(burst.map((r) => r.status)).toEqual(Array(11).fill(429));
  });

  it("a stranger's burst from another address does not lock the owner out", async () => {
    const { email } = await makeUser();
    const at = ownWindow();
    const stranger = await Promise.all(Array.from({ length: 20 }, (_, i) => login({ from: address(3), at }, email, `guess-${i}`)));
    expect(stranger.some((r) => r.status === 429)).toBe(true);
    const owner = await login({ from: address(4), at }, email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toMatch(/^ey/);
  });

  it('the windows follow the request time: the next window starts from nothing', async () => {
    const { email } = await makeUser();
    const c = { from: address(5), at: ownWindow() };
    for (let i = 0; i <= AUTH.maxFailedLogins; i++) await login(c, email, `wrong-${i}`);
    expect((await login(c, email, PASSWORD)).status).toBe(429);
    const next = { ...c, at: c.at + AUTH.lockMinutes * 60_000 };
    expect((await login(next, email, PASSWORD)).status).toBe(200);
  });
});

describe('the account-wide backstop and the device cookie (issue 20 §7)', () => {
  /** 55 wrong passwords from 11 addresses, 5 each: the probe that used to lock the owner out everywhere. */
  async function distributedGuessing(email: string, at: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let a = 0; a < 11; a++) for (let i = 0; i < 5; i++) statuses.push((await login({ from: address(20 + a), at }, email, `guess-${a}-${i}`)).status);
    return statuses;
  }

  it("55 wrong passwords from 11 addresses do not lock the owner's known browser out, and still stop everyone else", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const at = ownWindow();
    // The owner's laptop logged in earlier: it holds the account's device cookie.
    const first = await login({ from: address(10), at }, owner.email, PASSWORD);
    expect(first.status).toBe(200);
    const laptop = deviceCookieOf(first);
    expect(laptop.attributes).toEqual(expect.arrayContaining(['Path=/api/login', 'HttpOnly', 'Secure', 'SameSite=Strict']));
    expect(laptop.attributes.find((a) => a.startsWith('Max-Age='))).toBe(`Max-Age=${AUTH.deviceCookieDays * 86_400}`);
    const otherBrowser = deviceCookieOf(await login({ from: address(11), at }, other.email, PASSWORD)).pair;

    const statuses = await distributedGuessing(owner.email, at);
    // The backstop: 50 wrong passwords checked, then nothing more from unknown browsers.
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH.accountFailedLogins);
    expect(statuses.slice(AUTH.accountFailedLogins)).toEqual(Array(55 - AUTH.accountFailedLogins).fill(429));

    // Unbounded guessing is still stopped: a fresh address, right password or not, without the cookie.
    expect((await login({ from: address(40), at }, owner.email, 'guess-more')).status).toBe(429);
    expect((await login({ from: address(41), at }, owner.email, PASSWORD)).status).toBe(429);
    // Another account's cookie, a forged one or a tampered one is no known browser of this account.
    expect((await login({ from: address(42), at, cookie: otherBrowser }, owner.email, PASSWORD)).status).toBe(429);
    expect((await login({ from: address(42), at, cookie: '__Secure-ra-device=eyJhbGciOiJIUzI1NiJ9.e30.forged' }, owner.email, PASSWORD)).status).toBe(429);
    expect((await login({ from: address(42), at, cookie: `${laptop.pair.slice(0, -3)}abc` }, owner.email, PASSWORD)).status).toBe(429);

    // The owner's laptop, from any address (a café's, a phone's tethering), logs in.
    const back = await login({ from: address(43), at, cookie: laptop.pair }, owner.email, PASSWORD);
    expect(back.status).toBe(200);
    expect(back.body.token).toMatch(/^ey/);
    expect(deviceCookieOf(back).pair).not.toBe(laptop.pair); // renewed at each login
  });

  it('a device cookie gets its own 5 guesses a window: a stolen cookie does not reopen guessing', async () => {
    const owner = await makeUser();
    const at = ownWindow();
    const cookie = deviceCookieOf(await login({ from: address(50), at }, owner.email, PASSWORD)).pair;
    const thief = { from: address(51), at, cookie };
    for (let i = 0; i < AUTH.maxFailedLogins; i++) expect((await login(thief, owner.email, `steal-${i}`)).status).toBe(401);
    const locked = await login(thief, owner.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(errorBody(locked).message).toBe(MSG.accountLocked);
    // Those guesses were the device's, not the address's nor the account's: the owner elsewhere is not held.
    expect((await login({ from: address(52), at }, owner.email, PASSWORD)).status).toBe(200);
  });

  it('a password set from an emailed reset link gives the browser the device cookie: the owner gets back in during the attack', async () => {
    const owner = await makeUser();
    const at = ownWindow();
    await distributedGuessing(owner.email, at);
    const phone = { from: address(60), at };
    expect((await login(phone, owner.email, PASSWORD)).status).toBe(429);
    expect((await apiFrom(phone.from, 'POST', '/forgotPassword', { body: { email: owner.email, userName: 'Thr' }, headers: clock(phone) })).status).toBe(200);
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(owner.email) && m.subject === 'Reset your password');
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.html ?? '')?.[1];
    const reset = await apiFrom(phone.from, 'POST', `/resetPassword?token=${link}`, { body: { password: 'Back-in-2026' }, headers: clock(phone) });
    expect(reset.status).toBe(200);
    const cookie = deviceCookieOf(reset).pair;
    expect((await login({ ...phone, cookie }, owner.email, 'Back-in-2026')).status).toBe(200);
    // A browser without it is still held.
    expect((await login({ from: address(61), at }, owner.email, 'Back-in-2026')).status).toBe(429);
  });

  it("strangers' guessing does not stop the signed-in owner from changing the password; the current-password check is bounded on its own", async () => {
    const owner = await makeUser();
    const at = ownWindow();
    const from = address(70);
    const token = (await login({ from, at }, owner.email, PASSWORD)).body.token;
    await distributedGuessing(owner.email, at);
    const change = (currentPassword: string) =>
      apiFrom<{ token?: string }>(from, 'PUT', `/users/${owner.id}`, { token, body: { password: 'Changed-2026', currentPassword }, headers: { [TEST_CLOCK_HEADER]: String(at) } });
    const ok = await change(PASSWORD);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.token).toMatch(/^ey/);
    // Guessing the current password through a session: 5 wrong ones a window, then 429.
    const session = ok.body.token!;
    const guess = (currentPassword: string) =>
      apiFrom(from, 'PUT', `/users/${owner.id}`, { token: session, body: { password: 'Other-2026', currentPassword }, headers: { [TEST_CLOCK_HEADER]: String(at) } });
    for (let i = 0; i < AUTH.maxFailedLogins; i++) expect((await guess(`nope-${i}`)).status).toBe(400);
    expect((await guess('Changed-2026')).status).toBe(429);
  });
});

describe('no lockout by strangers: past the backstop, a new browser passes a captcha (issue 36)', () => {
  /** 60 wrong passwords from 12 addresses, 5 each: past the backstop, the rest are asked for a captcha. */
  async function twelveTimesFive(email: string, at: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let a = 0; a < 12; a++) for (let i = 0; i < 5; i++) statuses.push((await login({ from: address(80 + a), at }, email, `stranger-${a}-${i}`)).status);
    return statuses;
  }

  it('the right password from a new browser is asked for a captcha (as a wrong one is), and signs in with it solved', async () => {
    const owner = await makeUser();
    const at = ownWindow();
    const statuses = await twelveTimesFive(owner.email, at);
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH.accountFailedLogins);
    expect(statuses.slice(AUTH.accountFailedLogins)).toEqual(Array(60 - AUTH.accountFailedLogins).fill(429));

    const phone = { from: address(100), at };
    // Asked before the password is checked: a right and a wrong password get the same answer (no oracle).
    const right = await login(phone, owner.email, PASSWORD);
    const first = captchaAsked(right);
    expect(right.body).not.toHaveProperty('token');
    const wrong = await login(phone, owner.email, 'not-the-password');
    captchaAsked(wrong);
    expect({ ...(wrong.body as object), captcha: null }).toEqual({ ...(right.body as object), captcha: null });
    // A wrong answer spends its challenge and brings a new one, the password unchecked.
    const second = captchaAsked(await loginWith(phone, owner.email, PASSWORD, solved(first, true)), PUBLIC_MSG.captchaWrong);
    expect(second).not.toEqual(first);
    captchaAsked(await loginWith(phone, owner.email, PASSWORD, solved(first)), PUBLIC_MSG.captchaUsed);
    // Solved: the owner is in from the new browser, which now holds the account's device cookie.
    const inside = await loginWith(phone, owner.email, PASSWORD, solved(second));
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    expect(inside.body.token).toMatch(/^ey/);
    const cookie = deviceCookieOf(inside).pair;
    expect((await login({ ...phone, cookie }, owner.email, PASSWORD)).status).toBe(200);
    // Signing in through the captcha gave the strangers nothing back: another new browser is still asked.
    captchaAsked(await login({ from: address(101), at }, owner.email, 'guess-after'));
  });

  it('a wrong password with a solved captcha is a 401 and counts: the per account and address limit still holds', async () => {
    const owner = await makeUser();
    const at = ownWindow();
    await twelveTimesFive(owner.email, at);
    const guesser = { from: address(110), at };
    for (let i = 0; i < AUTH.maxFailedLogins; i++) {
      const res = await loginWith(guesser, owner.email, `captcha-guess-${i}`, solved(await freshChallenge(guesser.from)));
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(errorBody(res).message).toBe(MSG.loginFailed);
    }
    // That address's five are used: even the right password with a solved captcha is refused there.
    const locked = await loginWith(guesser, owner.email, PASSWORD, solved(await freshChallenge(guesser.from)));
    expect(locked.status).toBe(429);
    expect(errorBody(locked).message).toBe(MSG.accountLocked);
    // The account is still held for every other new browser, right password or not.
    captchaAsked(await login({ from: address(111), at }, owner.email, PASSWORD));
  });

  it('a reset link still works during the hold, and its password from a new browser signs in with a captcha', async () => {
    const owner = await makeUser();
    const at = ownWindow();
    await twelveTimesFive(owner.email, at);
    const laptop = { from: address(120), at };
    captchaAsked(await login(laptop, owner.email, PASSWORD));
    expect((await apiFrom(laptop.from, 'POST', '/forgotPassword', { body: { email: owner.email, userName: 'Thr' }, headers: clock(laptop) })).status).toBe(200);
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(owner.email) && m.subject === 'Reset your password');
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.html ?? '')?.[1];
    const reset = await apiFrom(laptop.from, 'POST', `/resetPassword?token=${link}`, { body: { password: 'Reset-in-2026' }, headers: clock(laptop) });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await login({ ...laptop, cookie: deviceCookieOf(reset).pair }, owner.email, 'Reset-in-2026')).status).toBe(200);
    const tablet = { from: address(121), at };
    const challenge = captchaAsked(await login(tablet, owner.email, 'Reset-in-2026'));
    expect((await loginWith(tablet, owner.email, 'Reset-in-2026', solved(challenge))).status).toBe(200);
  });
});

describe('an unknown email is answered like a known one', () => {
  it('the same status and body, before and after the lock', async () => {
    const { email: known } = await makeUser();
    const unknown = `nobody-${tag}-${randomBytes(3).toString('hex')}@demo.test`;
    const c = { from: address(5), at: ownWindow() };
    const first = [await login(c, known, 'wrong-pw'), await login(c, unknown, 'wrong-pw')];
    expect(first[0]!.status).toBe(401);
    expect(first[1]!.status).toBe(first[0]!.status);
    expect(first[1]!.body).toEqual(first[0]!.body);
    for (let i = 1; i < AUTH.maxFailedLogins; i++) {
      expect((await login(c, known, `wrong-${i}`)).status).toBe(401);
      expect((await login(c, unknown, `wrong-${i}`)).status).toBe(401);
    }
    const locked = [await login(c, known, 'wrong-again'), await login(c, unknown, 'wrong-again')];
    expect(locked[0]!.status).toBe(429);
    expect(locked[1]!.status).toBe(429);
    expect(locked[1]!.body).toEqual(locked[0]!.body);
  });
});

describe('per-address limit on the public account routes', () => {
  it(`lets ${TEST_ACCOUNT_ROUTE_LIMIT} requests of one address through per window, then answers 429 on /login, /register and /forgotPassword`, async () => {
    const c = { from: address(6), at: ownWindow() };
    const forgot = (email: string, from = c) => apiFrom(from.from, 'POST', '/forgotPassword', { body: { email, userName: 'Ghost' }, headers: clock(from) });
    let sent = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < TEST_ACCOUNT_ROUTE_LIMIT) {
          sent++;
          statuses.push((await forgot(`ghost-${sent}-${tag}@demo.test`)).status);
        }
      }),
    );
    expect(statuses.filter((s) => s === 200).length).toBe(TEST_ACCOUNT_ROUTE_LIMIT);
    const over = await forgot(`ghost-${tag}@demo.test`);
    expect(over.status).toBe(429);
    expect(errorBody(over).message).toBe(MSG.tooManyRequests);
    expect((await login(c, (await makeUser()).email, PASSWORD)).status).toBe(429);
    expect((await apiFrom(c.from, 'POST', '/register', { body: { email: `late-${tag}@demo.test`, password: 'secret-1', firstName: 'A', lastName: 'B', company: `Late ${tag}` }, headers: clock(c) })).status).toBe(429);
    // Another address is not affected.
    expect((await forgot(`ghost-${tag}@demo.test`, { from: address(7), at: c.at })).status).toBe(200);
  }, 180_000);
});
