/**
 * Issue 6 §4: login throttling that cannot be raced or turned against the owner. Attempts are
 * counted per account AND source address with an atomic conditional write; an unknown email is
 * answered exactly like a known one; every address has a limit on the public account routes.
 * Each test calls from addresses of its own (127.0.0.x), so the other suites on 127.0.0.1 are unaffected.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { TEST_ACCOUNT_ROUTE_LIMIT } from '../setup/stack';
import type { LoginResponse } from '../../shared/types';
import { apiFrom, errorBody, stack } from '../support/api';
import { testUser } from '../support/accounts';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Throttle-1!';
const net = 100 + (randomBytes(1)[0]! % 100); // 127.<net>.x.y: apart from other runs' counters
let seq = 0;
let users: typeof import('../../functions/users/users.repo');
let passwordHash = '';

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  users = await import('../../functions/users/users.repo');
  passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
});

async function makeUser(): Promise<string> {
  const email = `throttle-${tag}-${++seq}@demo.test`;
  await users.createUser(testUser({ _id: `user-thr-${tag}-${seq}`, name: `Thr ${seq}`, firstname: 'Thr', lastname: String(seq), email, passwordHash }));
  return email;
}

const address = (n: number) => `127.${net}.${seq % 250}.${n}`;
const login = (from: string, email: string, password: string) => apiFrom<LoginResponse>(from, 'POST', '/login', { body: { email, password } });

/** Counters run in fixed windows: start a test far enough from a window's end that it runs inside one. */
async function awayFromWindowEnd(seconds = 45): Promise<void> {
  const w = AUTH.lockMinutes * 60_000;
  const left = w - (Date.now() % w);
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 500));
}

describe('failed logins per account and address', () => {
  it('40 parallel wrong guesses check at most the limit, and the right password is refused while locked', async () => {
    const email = await makeUser();
    const from = address(1);
    await awayFromWindowEnd();
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(from, email, `wrong-${i}`)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(AUTH.maxFailedLogins);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - AUTH.maxFailedLogins);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const right = await login(from, email, PASSWORD);
    expect(right.status).toBe(429);
    expect(errorBody(right).message).toBe(MSG.accountLocked);
    expect(right.body).not.toHaveProperty('token');
  });

  it('a right password inside a burst that is over the limit gets no token', async () => {
    const email = await makeUser();
    const from = address(2);
    await awayFromWindowEnd();
    for (let i = 0; i < AUTH.maxFailedLogins; i++) expect((await login(from, email, `wrong-${i}`)).status).toBe(401);
    const burst = await Promise.all([...Array.from({ length: 10 }, (_, i) => login(from, email, `more-${i}`)), login(from, email, PASSWORD)]);
    expect(burst.map((r) => r.status)).toEqual(Array(11).fill(429));
  });

  it("a stranger's burst from another address does not lock the owner out", async () => {
    const email = await makeUser();
    await awayFromWindowEnd();
    const stranger = await Promise.all(Array.from({ length: 20 }, (_, i) => login(address(3), email, `guess-${i}`)));
    expect(stranger.some((r) => r.status === 429)).toBe(true);
    const owner = await login(address(4), email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toMatch(/^ey/);
  });
});

describe('an unknown email is answered like a known one', () => {
  it('the same status and body, before and after the lock', async () => {
    const known = await makeUser();
    const unknown = `nobody-${tag}-${randomBytes(3).toString('hex')}@demo.test`;
    const from = address(5);
    await awayFromWindowEnd();
    const first = [await login(from, known, 'wrong-pw'), await login(from, unknown, 'wrong-pw')];
    expect(first[0]!.status).toBe(401);
    expect(first[1]!.status).toBe(first[0]!.status);
    expect(first[1]!.body).toEqual(first[0]!.body);
    for (let i = 1; i < AUTH.maxFailedLogins; i++) {
      expect((await login(from, known, `wrong-${i}`)).status).toBe(401);
      expect((await login(from, unknown, `wrong-${i}`)).status).toBe(401);
    }
    const locked = [await login(from, known, 'wrong-again'), await login(from, unknown, 'wrong-again')];
    expect(locked[0]!.status).toBe(429);
    expect(locked[1]!.status).toBe(429);
    expect(locked[1]!.body).toEqual(locked[0]!.body);
  });
});

describe('per-address limit on the public account routes', () => {
  it(`lets ${TEST_ACCOUNT_ROUTE_LIMIT} requests of one address through per window, then answers 429 on /login, /register and /forgotPassword`, async () => {
    const from = address(6);
    await awayFromWindowEnd(90);
    let sent = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < TEST_ACCOUNT_ROUTE_LIMIT) {
          sent++;
          statuses.push((await apiFrom(from, 'POST', '/forgotPassword', { body: { email: `ghost-${sent}-${tag}@demo.test`, userName: 'Ghost' } })).status);
        }
      }),
    );
    expect(statuses.filter((s) => s === 200).length).toBe(TEST_ACCOUNT_ROUTE_LIMIT);
    const over = await apiFrom(from, 'POST', '/forgotPassword', { body: { email: `ghost-${tag}@demo.test`, userName: 'Ghost' } });
    expect(over.status).toBe(429);
    expect(errorBody(over).message).toBe(MSG.tooManyRequests);
    expect((await login(from, await makeUser(), PASSWORD)).status).toBe(429);
    expect((await apiFrom(from, 'POST', '/register', { body: { email: `late-${tag}@demo.test`, password: 'secret-1', firstName: 'A', lastName: 'B', company: `Late ${tag}` } })).status).toBe(429);
    // Another address is not affected.
    expect((await apiFrom(address(7), 'POST', '/forgotPassword', { body: { email: `ghost-${tag}@demo.test`, userName: 'Ghost' } })).status).toBe(200);
  }, 180_000);
});
