import { ROLE } from '../../../shared/constants';
import type { Access } from '../../../shared/routes/define';
import type { RouteDef } from '../../../shared/routes/define';
// The two imports of a feature left in functions/lib (issue 23, open): `authenticate` resolves the
// principal from the users' and the B2B links' records; it moves out of lib with the handler
// wrapper that calls it. Lint refuses any other.
// eslint-disable-next-line no-restricted-imports
import { portalPrincipal } from '../../b2b/portal-auth';
// eslint-disable-next-line no-restricted-imports
import { getSessionUser, isRevoked, primaryRole } from '../../users/users.repo';
import { InvalidTokenError, isPortalToken, verifySession, type SessionClaims, type VerifiedSession } from '../jwt';
import { ForbiddenError, TermsNotAcceptedError, UnauthorizedError } from './errors';

export interface AuthContext extends Omit<SessionClaims, 'sid'> {
  isAdmin: boolean;
  /** The user session of this request (none for a portal session): its id and its token's expiry (epoch seconds). */
  session?: { id: string; exp: number };
  /**
   * A brand user who has not accepted the terms yet (`policyFlag` true; a site ADMIN's flag is
   * ignored): only routes marked `beforeTerms` let them in (docs/decisions.md "Accepting the terms").
   */
  termsPending?: boolean;
  /** A B2B portal session (docs/decisions.md "B2B portal"): read-only, one retailer of one brand. */
  portal?: { linkId: string; brand: string; retailer: string };
}

/** Whether a route lets a B2B portal session in at all (`portal` on its definition, or portal-only access). */
export const portalMayCall = (def: Pick<RouteDef, 'access' | 'portal'>): boolean => def.access === 'portal' || def.portal !== undefined;

/**
 * The caller of a request: a valid token (signature, exp, iat, maximum age) of a user who still
 * exists, is active and has not ended their sessions since (the token's `sv` is the user's
 * current `sessionVersion`), whose own session was not logged out (its id is not among the user
 * record's `revokedSessions`). Role, brand and assigned retailers come from the CURRENT user
 * record, read once per request (one consistent GetItem, no cache: a revocation shows on the next
 * request).
 */
export async function authenticate(headers: Record<string, string | undefined>, def?: Pick<RouteDef, 'access' | 'portal'>): Promise<AuthContext> {
  const header = headers.authorization ?? headers.Authorization;
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!m?.[1]) throw new UnauthorizedError();
  // A portal session: refused by every route that does not name the portal, before any read.
  if (isPortalToken(m[1])) {
    if (!def || !portalMayCall(def)) throw new ForbiddenError();
    return portalPrincipal(m[1]);
  }
  let claims: VerifiedSession;
  try {
    claims = await verifySession(m[1]);
  } catch (e) {
    if (e instanceof InvalidTokenError) throw new UnauthorizedError();
    throw e;
  }
  const user = await getSessionUser(claims.sub);
  if (!user || user.status !== 'active' || (user.sessionVersion ?? 0) !== claims.sv || isRevoked(user, claims.sid)) throw new UnauthorizedError();
  const role = primaryRole(user);
  return {
    sub: user._id,
    role,
    brand: user.brand,
    retailers: user.associated_retailers ?? [],
    sv: claims.sv,
    isAdmin: role === ROLE.ADMIN,
    session: { id: claims.sid, exp: claims.exp },
    termsPending: role !== ROLE.ADMIN && user.policyFlag === true,
  };
}

/** A brand user who has not accepted the terms gets only the routes that say `beforeTerms` (403 TERMS_NOT_ACCEPTED). */
export function assertTermsAccepted(auth: AuthContext, def: Pick<RouteDef, 'beforeTerms'>): void {
  if (auth.termsPending && !def.beforeTerms) throw new TermsNotAcceptedError();
}

export function authorizeRole(auth: AuthContext, access: Access): void {
  if (access === 'portal' && !auth.portal) throw new ForbiddenError();
  if (auth.portal && access !== 'portal' && access !== 'user') throw new ForbiddenError();
  if (access === 'admin' && auth.role !== ROLE.ADMIN) throw new ForbiddenError();
  if (access === 'brandAdmin' && auth.role !== ROLE.ADMIN && auth.role !== ROLE.BRAND_ADMIN) throw new ForbiddenError();
}

/** ADMIN may act for any brand; everyone else only for their own. */
export function assertBrand(auth: AuthContext, brandId: string | undefined | null): void {
  if (auth.isAdmin) return;
  if (!brandId || !auth.brand || brandId !== auth.brand) throw new ForbiddenError();
}

/** A plain User with assigned retailers sees only those; everyone else sees all of the brand's. */
export function canSeeRetailer(auth: AuthContext, retailerId: string): boolean {
  if (auth.portal) return retailerId === auth.portal.retailer;
  if (auth.role !== ROLE.USER || auth.retailers.length === 0) return true;
  return auth.retailers.includes(retailerId);
}

export function requireAdmin(auth: AuthContext): void {
  if (!auth.isAdmin) throw new ForbiddenError();
}
