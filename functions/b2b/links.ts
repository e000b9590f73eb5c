/**
 * B2B portal links (docs/decisions.md "B2B portal"):
 * - a BRAND_ADMIN (or an ADMIN for the brand) issues a link for one retailer the brand carries:
 *   the token `<linkId>.<secret>` goes in the URL fragment and is shown once; only the secret's
 *   SHA-256 is kept;
 * - the portal page exchanges the token for a portal session (`openPortal`);
 * - every portal request re-reads the link, its issuer and the brand (`portalPrincipal`): a revoked
 *   or expired link, an issuer deleted, disabled or no longer an admin of the brand, or a retailer
 *   the brand no longer carries ends the session at once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_COLORS } from '../../shared/constants';
import { B2B, B2B_MSG, type B2bLink, type PortalContext } from '../../shared/schemas/b2b';
import { getBrand, type BrandRecord } from '../brands';
import { env } from '../lib/env';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError, UnauthorizedError, ValidationError } from '../lib/http/errors';
import { signPortalSession } from '../lib/jwt';
import { getRetailers } from '../retailers';
import { newestScansInReview } from '../files';
import { getScanInfo, listRetailerPeriods, nextScanOf, shownPeriodOf, todayUtc, withoutGonePeriod } from '../scrapings';
import { getSessionUser } from '../users';
import { getLink, KEEP_DAYS_AFTER_EXPIRY, pageLinks, putLink, revokeLink, type B2bLinkRecord, type Person } from './links.repo';
import { usableLink } from './portal-auth';

const DAY = 86_400_000;
export const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('base64url');

/** The brand a call is for: the query's (the wrapper checked it is the caller's unless ADMIN), else the caller's own. */
function brandOf(auth: AuthContext, brand: string | undefined): string {
  const b = brand ?? auth.brand;
  if (!b) throw new ValidationError(B2B_MSG.brandRequired);
  return b;
}

/** The retailer must be one the brand carries and shows (404 otherwise, as for any retailer read). */
async function carriedRetailer(brandId: string, retailerId: string): Promise<BrandRecord> {
  const brand = await getBrand(brandId);
  if (!brand || !brand.retailers.some((r) => r.retailer === retailerId && r.flag !== false)) throw new NotFoundError(B2B_MSG.retailerNotFound);
  return brand;
}

async function person(auth: AuthContext): Promise<Person> {
  const user = await getSessionUser(auth.sub);
  return { _id: auth.sub, name: user?.name ?? auth.sub };
}

export function present(r: B2bLinkRecord, now = new Date()): B2bLink {
  return {
    _id: r._id,
    brand: r.brand,
    retailer: r.retailer,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    expiresAt: r.linkExpiresAt,
    revokedAt: r.revokedAt ?? null,
    revokedBy: r.revokedBy ?? null,
    status: r.revokedAt ? 'revoked' : Date.parse(r.linkExpiresAt) <= now.getTime() ? 'expired' : 'active',
  };
}

/** The portal page's address with the token in its fragment. */
export const portalUrl = (retailerId: string, token: string) => `${env.appUrl}/b2bReatilerView/${encodeURIComponent(retailerId)}#${B2B.fragmentKey}=${token}`;

/** POST /b2bLinks?brand= */
export async function createLink(auth: AuthContext, q: { brand?: string }, body: { retailerId: string; expiresInDays: number }, now = new Date()) {
  const brandId = brandOf(auth, q.brand);
  await carriedRetailer(brandId, body.retailerId);
  const secret = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + body.expiresInDays * DAY);
  const record: B2bLinkRecord = {
    _id: randomBytes(12).toString('base64url'),
    brand: brandId,
    retailer: body.retailerId,
    secretHash: hashOf(secret),
    createdBy: await person(auth),
    createdAt: now.toISOString(),
    linkExpiresAt: expires.toISOString(),
    expiresAt: Math.floor((expires.getTime() + KEEP_DAYS_AFTER_EXPIRY * DAY) / 1000),
  };
  await putLink(record);
  return { message: B2B_MSG.created, data: { ...present(record, now), url: portalUrl(record.retailer, `${record._id}.${secret}`) } };
}

/** GET /b2bLinks?brand=&retailerId=&status= */
export async function listLinks(auth: AuthContext, q: { brand?: string; retailerId: string; status: 'active' | 'all'; limit: number; cursor?: string }, now = new Date()) {
  const brandId = brandOf(auth, q.brand);
  await carriedRetailer(brandId, q.retailerId);
  const page = await pageLinks(brandId, q.retailerId, { limit: q.limit, cursor: q.cursor, activeAt: q.status === 'active' ? now.toISOString() : undefined });
  return { data: page.items.map((r) => present(r, now)), nextCursor: page.nextCursor ?? null };
}

/** DELETE /b2bLinks/{id}?brand=: another brand's link is not found (404), as an unknown one. */
export async function revoke(auth: AuthContext, id: string, q: { brand?: string }, now = new Date()) {
  const brandId = brandOf(auth, q.brand);
  const link = await getLink(id);
  // A retailer's case link (./case-links.ts) is not a B2B link: this route never ends one (issue 36).
  if (!link || link.scope === 'cases' || link.brand !== brandId) throw new NotFoundError(B2B_MSG.linkNotFound);
  const done = await revokeLink(id, await person(auth), now.toISOString());
  if (!done) return { message: B2B_MSG.alreadyRevoked, data: present((await getLink(id)) ?? link, now) };
  return { message: B2B_MSG.revoked, data: present(done, now) };
}

// ── The portal side ─────────────────────────────────────────────────────────────

/** Splits `<linkId>.<secret>`; undefined for anything else. */
export function parseToken(token: string): { linkId: string; secret: string } | undefined {
  const m = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return m ? { linkId: m[1]!, secret: m[2]! } : undefined;
}

export const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function context(link: B2bLinkRecord, brand: BrandRecord): Promise<PortalContext> {
  const [[retailer], [latest], stored, inReview] = await Promise.all([
    getRetailers([link.retailer]),
    listRetailerPeriods(link.brand, link.retailer, 1),
    getScanInfo(link.brand, link.retailer),
    newestScansInReview([link.retailer]),
  ]);
  const info = withoutGonePeriod(stored, latest !== undefined);
  return {
    linkId: link._id,
    linkExpiresAt: link.linkExpiresAt,
    brand: { _id: brand._id, name: brand.name, colors: { ...DEFAULT_COLORS, ...brand.colors } },
    retailer: { _id: link.retailer, name: retailer?.name ?? link.retailer },
    period: latest ? { _id: latest._id, date: latest.date } : null,
    nextScanDay: info?.nextScanDay ?? null,
    nextScan: nextScanOf({ period: shownPeriodOf(info), newestInReview: inReview.get(link.retailer), today: todayUtc() }),
  };
}

/**
 * POST /b2bPortal/session: a token that is not one of ours (a case link's too) → 401 linkInvalid; a link revoked,
 * expired or otherwise ended → 401 linkEnded; else a portal session until the earlier of
 * B2B.sessionMinutes and the link's expiry.
 */
export async function openPortal(token: string, now = new Date()) {
  const parsed = parseToken(token);
  if (!parsed) throw new UnauthorizedError(B2B_MSG.linkInvalid);
  const stored = await getLink(parsed.linkId);
  // A case link's token is not a portal link: "not valid", never "ended", which would confirm it is real (issue 36).
  if (!stored || stored.scope === 'cases' || !sameHash(stored.secretHash, hashOf(parsed.secret))) throw new UnauthorizedError(B2B_MSG.linkInvalid);
  const usable = await usableLink(parsed.linkId, now);
  if (!usable) throw new UnauthorizedError(B2B_MSG.linkEnded);
  const { link, brand } = usable;
  const expiresAt = new Date(Math.min(now.getTime() + B2B.sessionMinutes * 60_000, Date.parse(link.linkExpiresAt)));
  const session = await signPortalSession({ linkId: link._id, brand: link.brand, retailer: link.retailer, createdBy: link.createdBy._id }, expiresAt);
  return { token: session, expiresAt: expiresAt.toISOString(), data: await context(link, brand) };
}

/** GET /b2bPortal/session */
export async function portalSession(auth: AuthContext) {
  const p = auth.portal;
  if (!p) throw new UnauthorizedError(B2B_MSG.linkEnded);
  const usable = await usableLink(p.linkId, new Date());
  if (!usable) throw new UnauthorizedError(B2B_MSG.linkEnded);
  return { data: await context(usable.link, usable.brand) };
}
