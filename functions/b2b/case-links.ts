/**
 * A retailer's link to a brand's open cases (issue 24 §3; docs/decisions/40-cases.md), built as
 * the B2B portal's links are (./links.ts): `<linkId>.<secret>` in the address's fragment, only the
 * secret's SHA-256 kept, expiring, revocable, scoped to one brand and one retailer. It opens no
 * session: every request of the retailer's page carries the token and is checked against the
 * link as it is now (not revoked, not expired, its issuer still an active user of the brand, the
 * retailer still carried), so a revocation shows on the very next request. Listed per brand and
 * retailer on gsi2 `CASELINKS#<brand>#<retailer>`.
 */
import { randomBytes } from 'node:crypto';
import { ROLE } from '../../shared/constants';
import { getBrand, type BrandRecord } from '../brands';
import { env } from '../lib/env';
import { getSessionUser, primaryRole } from '../users';
import { hashOf, parseToken, present, sameHash } from './links';
import { getLink, KEEP_DAYS_AFTER_EXPIRY, pageLinks, putLink, revokeLink, type B2bLinkRecord, type Person } from './links.repo';

const DAY = 86_400_000;
export const CASE_LINK_FRAGMENT = 't';

/** The retailer's page with the token in its fragment (never sent to a server by a browser). */
export const caseLinkUrl = (token: string) => `${env.appUrl}/retailer-cases#${CASE_LINK_FRAGMENT}=${token}`;

/** A new link for the retailer's open cases of the brand, issued by `by` (the sender of the email that carries it). */
export async function issueCaseLink(by: Person, brand: string, retailer: string, days: number, now = new Date()): Promise<{ url: string; expiresAt: string; id: string }> {
  const secret = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + days * DAY);
  const record: B2bLinkRecord = {
    _id: randomBytes(12).toString('base64url'),
    brand,
    retailer,
    secretHash: hashOf(secret),
    createdBy: by,
    createdAt: now.toISOString(),
    linkExpiresAt: expires.toISOString(),
    expiresAt: Math.floor((expires.getTime() + KEEP_DAYS_AFTER_EXPIRY * DAY) / 1000),
    scope: 'cases',
  };
  await putLink(record);
  return { url: caseLinkUrl(`${record._id}.${secret}`), expiresAt: record.linkExpiresAt, id: record._id };
}

export type CaseLinkState = { ok: true; link: B2bLinkRecord; brand: BrandRecord } | { ok: false; reason: 'invalid' | 'ended' };

/** What a token opens now: `invalid` for one that is not ours, `ended` for a link revoked, expired or no longer entitled. */
export async function caseLinkOf(token: string, now = new Date()): Promise<CaseLinkState> {
  const parsed = parseToken(token);
  if (!parsed) return { ok: false, reason: 'invalid' };
  const link = await getLink(parsed.linkId);
  if (!link || link.scope !== 'cases' || !sameHash(link.secretHash, hashOf(parsed.secret))) return { ok: false, reason: 'invalid' };
  if (link.revokedAt || Date.parse(link.linkExpiresAt) <= now.getTime()) return { ok: false, reason: 'ended' };
  const [issuer, brand] = await Promise.all([getSessionUser(link.createdBy._id), getBrand(link.brand)]);
  const entitled = !!issuer && issuer.status === 'active' && (primaryRole(issuer) === ROLE.ADMIN || issuer.brand === link.brand);
  if (!entitled || !brand || !brand.retailers.some((r) => r.retailer === link.retailer && r.flag !== false)) return { ok: false, reason: 'ended' };
  return { ok: true, link, brand };
}

/** The retailer's case links of the brand, newest first, one page (only the active ones with `activeAt`). */
export async function listCaseLinks(brand: string, retailer: string, r: { limit: number; cursor?: string; activeAt?: string }, now = new Date()) {
  const page = await pageLinks(brand, retailer, { ...r, scope: 'cases' });
  return { data: page.items.map((l) => present(l, now)), nextCursor: page.nextCursor ?? null };
}

/** Revokes a case link of the brand; undefined for one that is not (404 for the caller), the link as it is otherwise. */
export async function revokeCaseLink(id: string, brand: string, by: Person, mayRevoke: (retailer: string) => boolean, now = new Date()) {
  const link = await getLink(id);
  if (!link || link.scope !== 'cases' || link.brand !== brand || !mayRevoke(link.retailer)) return undefined;
  const done = await revokeLink(id, by, now.toISOString());
  return present(done ?? (await getLink(id)) ?? link, now);
}
