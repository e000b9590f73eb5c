/** Helpers for tests that talk to the local stack over HTTP, as the browser does. */
import { inject } from 'vitest';

export const stack = () => inject('stack');
export const DEMO_PASSWORD = 'Demo-2026!';

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
  const res = await fetch(`${stack().url}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

const tokens = new Map<string, string>();
export async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
  const cached = tokens.get(email);
  if (cached && password === DEMO_PASSWORD) return cached;
  const res = await api<{ token: string }>('POST', '/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  tokens.set(email, res.body.token);
  return res.body.token;
}

/** Emails the SES emulator holds. */
export async function sentEmails(): Promise<{ subject: string; destination: { to: string[] }; body: { html?: string; text?: string } }[]> {
  const res = await fetch(`${stack().sesUrl}/store`);
  const json = (await res.json()) as { emails: any[] };
  return json.emails;
}
