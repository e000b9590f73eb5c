/**
 * Who a B2B portal session is, checked on every request (docs/decisions.md "B2B portal"): the
 * token's signature, audience and age, then the link, its issuer and the brand as they are now
 * (strongly consistent reads, nothing cached). The wrapper (functions/http/authenticate.ts) calls
 * this; it reads only the link, user and brand records, so it adds little to every bundle.
 */
import { B2B, ROLE } from '../../shared/constants';
import { B2B_MSG } from '../../shared/messages/b2b';
import { getBrand, type BrandRecord } from '../brands';
import type { AuthContext } from '../lib/http/auth';
import { UnauthorizedError } from '../lib/http/errors';
import { InvalidTokenError, verifyPortalSession, type PortalClaims } from '../lib/jwt';
import { getSessionUser, primaryRole, type UserRecord } from '../users';
import { getLink, type B2bLinkRecord } from './links.repo';

/** An issuer still entitled to the links they issued: active, and ADMIN or a BRAND_ADMIN of the link's brand. */
function issuerEntitled(issuer: UserRecord | undefined, brand: string): boolean {
  if (!issuer || issuer.status !== 'active') return false;
  const role = primaryRole(issuer);
  return role === ROLE.ADMIN || (role === ROLE.BRAND_ADMIN && issuer.brand === brand);
}

/** The link's current state allows a portal session: every condition read now, nothing cached. */
export async function usableLink(linkId: string, now: Date, expect?: Pick<PortalClaims, 'brand' | 'retailer' | 'createdBy'>): Promise<{ link: B2bLinkRecord; brand: BrandRecord } | undefined> {
  const link = await getLink(linkId);
  // A retailer's case link (./case-links.ts) never opens the portal.
  if (!link || link.scope === 'cases' || link.revokedAt || Date.parse(link.linkExpiresAt) <= now.getTime()) return undefined;
  if (expect && (expect.brand !== link.brand || expect.retailer !== link.retailer || expect.createdBy !== link.createdBy._id)) return undefined;
  const [issuer, brand] = await Promise.all([getSessionUser(link.createdBy._id), getBrand(link.brand)]);
  if (!issuerEntitled(issuer, link.brand)) return undefined;
  if (!brand || !brand.retailers.some((r) => r.retailer === link.retailer && r.flag !== false)) return undefined;
  return { link, brand };
}

/**
 * The caller of a request with a portal session token: signature, audience, expiry and age
 * checked, then the link as it is now. Its AuthContext is a plain User's confined to the one
 * retailer (so every existing retailer check applies), named `PORTAL#<linkId>` (the basket owner).
 */
export async function portalPrincipal(token: string, now = new Date()): Promise<AuthContext> {
  let claims: PortalClaims;
  try {
    claims = await verifyPortalSession(token, B2B.sessionMinutes + 1);
  } catch (e) {
    if (e instanceof InvalidTokenError) throw new UnauthorizedError();
    throw e;
  }
  const usable = await usableLink(claims.linkId, now, claims);
  if (!usable) throw new UnauthorizedError(B2B_MSG.linkEnded);
  return {
    sub: `PORTAL#${claims.linkId}`,
    role: ROLE.USER,
    brand: claims.brand,
    retailers: [claims.retailer],
    sv: 0,
    isAdmin: false,
    portal: { linkId: claims.linkId, brand: claims.brand, retailer: claims.retailer },
  };
}
