/**
 * The suite's demo admin (issue 26: an ADMIN must have a second factor). Once per run, before any
 * test, admin@demo.test is signed in and sets up two-step sign-in through the real calls: its
 * password gives a session open only for the setup, the setup answers a secret, and the first code
 * (made from it as an authenticator app would) turns it on. The tests then get admin sessions from
 * test/support/api.ts `login()` and browser.ts `apiSession()`, signed as POST /login/mfa signs them
 * (codes are taken once per 30 s step: the many files of a run cannot each answer one).
 */
import type { PublicUser } from '../../shared/types';
import { codeAt, currentStep } from '../support/totp';

export const DEMO_ADMIN_EMAIL = 'admin@demo.test';

export interface DemoAdmin {
  email: string;
  user: PublicUser;
  /** The session version its sessions carry. */
  sv: number;
  /** Its authenticator app's secret, and the last time step taken with it. */
  secret: string;
  step: number;
}

export async function secureDemoAdmin(url: string, password: string): Promise<DemoAdmin> {
  const post = async <T>(path: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const session = await post<{ token: string; user: PublicUser; secondFactorRequired?: true }>('/login', { email: DEMO_ADMIN_EMAIL, password });
  if (!session.secondFactorRequired) throw new Error('the demo admin was expected to start without a second factor');
  const { secret } = await post<{ secret: string }>('/mfa/totp/setup', undefined, session.token);
  const step = currentStep();
  await post('/mfa/totp/confirm', { code: await codeAt(secret, step) }, session.token);
  const { sv } = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as { sv: number };
  return { email: DEMO_ADMIN_EMAIL, user: session.user, sv, secret, step };
}
