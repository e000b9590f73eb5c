/**
 * Throttling of the public account routes (docs/decisions.md "Login throttling"):
 * - every address: ACCOUNT_ROUTE_LIMIT requests per window to /login, /register and
 *   /forgotPassword together (production default AUTH.addressLimit; the test stack sets more);
 * - a login from a browser holding a device cookie of the account (./device-cookie.ts):
 *   AUTH.maxFailedLogins attempts per device per window, and nothing else;
 * - any other login: AUTH.maxFailedLogins attempts per account AND address per window (a right
 *   password clears them), and AUTH.accountFailedLogins per account as a backstop, which holds
 *   unknown browsers only: strangers' guessing cannot lock the owner's known browsers out. Once it
 *   is used up, an unknown browser's password is checked only with a solved captcha (issue 36:
 *   strangers cannot hold the owner out of a new browser either; ./login.ts).
 * The counters are keyed by the email as typed (lower case), so an address without an account
 * is throttled exactly like one with an account. The window is the request's time (`requestTime`).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AUTH } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { TooManyRequestsError } from '../lib/http/errors';
import {
  clearDeviceAttempts,
  clearLoginAttempts,
  returnAccountAttempt,
  takeAccountAttempt,
  takeAddressRequest,
  takeDeviceAttempt,
  takeLoginAttempt,
  takeSessionAttempt,
  type Window,
} from './throttle.repo';

const windowSeconds = AUTH.lockMinutes * 60;
const pair: Window = { max: AUTH.maxFailedLogins, seconds: windowSeconds };
const account: Window = { max: AUTH.accountFailedLogins, seconds: windowSeconds };
const configured = Number(process.env.ACCOUNT_ROUTE_LIMIT);
const address: Window = { max: Number.isInteger(configured) && configured > 0 ? configured : AUTH.addressLimit, seconds: windowSeconds };

/**
 * The caller's address (an IPv4-mapped IPv6 address as plain IPv4). Behind CloudFront, API
 * Gateway's `sourceIp` is the edge's address, shared by every viewer of that edge: the viewer's
 * own is in `CloudFront-Viewer-Address` (`<ip>:<port>`, forwarded by the API behaviour's origin
 * request policy). That header is trusted only where the origin secret is checked (AWS): there
 * every request a handler sees came through CloudFront, which sets it. Locally: the socket's.
 */
export function sourceIp(event: APIGatewayProxyEventV2): string {
  const behindCloudFront = Boolean(process.env.ORIGIN_SECRET_ARN || process.env.ORIGIN_SECRET);
  const viewer = behindCloudFront ? event.headers?.['cloudfront-viewer-address']?.trim() : undefined;
  const ip = viewer ? viewer.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1') : event.requestContext?.http?.sourceIp;
  return (ip || 'unknown').replace(/^::ffff:/, '');
}

/**
 * The time of the request (ms): API Gateway's `requestContext.timeEpoch` (set by API Gateway,
 * not by the caller), which the throttle windows follow. The local server sets it too, and a
 * test stack started with LOCAL_TEST_CLOCK=1 lets a test choose it (infra/local/api-server.ts),
 * so the suites need not wait for a window on the real clock.
 */
export function requestTime(event: Pick<APIGatewayProxyEventV2, 'requestContext'>): number {
  const t = event.requestContext?.timeEpoch;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : Date.now();
}

/** Count a request of this address to a public account route; 429 past the limit. */
export async function limitAddress(event: APIGatewayProxyEventV2): Promise<void> {
  if (!(await takeAddressRequest(sourceIp(event), address, requestTime(event)))) throw new TooManyRequestsError(MSG.tooManyRequests);
}

/** Who is trying to log in: the account (its email), from where, through which known device (a device cookie's id), when. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** The id of a valid device cookie of this account, when the browser sent one. */
  device?: string;
  now: number;
}

/** A reserved attempt: `held`, the account's backstop is used up and holds this unknown browser (its password is checked only with a solved captcha). */
export interface Reservation {
  held: boolean;
}

/**
 * Reserve one login attempt; 429 (the same for any email) when used up: through a known device,
 * that device's count alone; otherwise (email, address), and then the account's backstop, whose
 * exhaustion is no refusal here but `held` (the login asks for a captcha).
 */
export async function reserveLoginAttempt(a: LoginAttempt): Promise<Reservation> {
  const ok = a.device ? await takeDeviceAttempt(a.device, pair, a.now) : await takeLoginAttempt(a.email, a.ip, pair, a.now);
  if (!ok) throw new TooManyRequestsError(MSG.accountLocked);
  return { held: !a.device && !(await takeAccountAttempt(a.email, account, a.now)) };
}

/**
 * A right password: that device's or that address's failures are forgotten, and the attempt does
 * not count against the account (one the backstop held took nothing from it: nothing to give back).
 */
export async function loginSucceeded(a: LoginAttempt, r: Reservation): Promise<void> {
  if (a.device) await clearDeviceAttempts(a.device, pair, a.now);
  else await Promise.all([clearLoginAttempts(a.email, a.ip, pair, a.now), ...(r.held ? [] : [returnAccountAttempt(a.email, account, a.now)])]);
}

/**
 * A signed-in user typing their current password (My Account): the login's count for (email,
 * address) and the session's own count, never the account's backstop, which strangers can fill.
 */
export async function reserveCurrentPasswordCheck(email: string, ip: string, sessionId: string, now: number): Promise<void> {
  if (!(await takeLoginAttempt(email, ip, pair, now)) || !(await takeSessionAttempt(sessionId, pair, now))) throw new TooManyRequestsError(MSG.accountLocked);
}

/** The current password was right: that address's failures are forgotten. */
export async function currentPasswordChecked(email: string, ip: string, now: number): Promise<void> {
  await clearLoginAttempts(email, ip, pair, now);
}
