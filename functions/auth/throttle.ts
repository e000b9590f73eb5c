/**
 * Throttling of the public account routes (docs/decisions.md "Accounts and sessions"):
 * - every address: ACCOUNT_ROUTE_LIMIT requests per window to /login, /register and
 *   /forgotPassword together (production default AUTH.addressLimit; the test stack sets more);
 * - logins: AUTH.maxFailedLogins attempts per account AND address per window (a right password
 *   clears them), and AUTH.accountFailedLogins per account from all addresses as a backstop.
 * The counters are keyed by the email as typed (lower case), so an address without an account
 * is throttled exactly like one with an account.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AUTH } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { TooManyRequestsError } from '../lib/http/errors';
import { clearLoginAttempts, returnAccountAttempt, takeAccountAttempt, takeAddressRequest, takeLoginAttempt, type Window } from './throttle.repo';

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

/** Count a request of this address to a public account route; 429 past the limit. */
export async function limitAddress(event: APIGatewayProxyEventV2): Promise<void> {
  if (!(await takeAddressRequest(sourceIp(event), address))) throw new TooManyRequestsError(MSG.tooManyRequests);
}

/** Reserve one login attempt for (email, address) and for the email; 429 (the same for any email) when either is used up. */
export async function reserveLoginAttempt(email: string, ip: string): Promise<void> {
  if (!(await takeLoginAttempt(email, ip, pair)) || !(await takeAccountAttempt(email, account))) throw new TooManyRequestsError(MSG.accountLocked);
}

/** A right password: that address's failures are forgotten and the attempt does not count against the account. */
export async function loginSucceeded(email: string, ip: string): Promise<void> {
  await Promise.all([clearLoginAttempts(email, ip, pair), returnAccountAttempt(email, account)]);
}
