/**
 * The principal resolution of every authenticated request, given to the wrapper of
 * functions/lib/http/handler.ts by ./handler.ts and ./multipart-handler.ts (issue 23: it reads the
 * users' and the B2B links' records, so it is not in functions/lib, which imports no feature).
 */
import { ROLE } from '../../shared/constants';
import type { RouteDef } from '../../shared/routes/define';
import { portalMayCall, type AuthContext } from '../lib/http/auth';
import { ForbiddenError, UnauthorizedError } from '../lib/http/errors';
import { InvalidTokenError, isPortalToken, verifySession, type VerifiedSession } from '../lib/jwt';
import { portalPrincipal } from '../b2b';
import { adminHold } from '../mfa';
import { getSessionUser, isRevoked, primaryRole } from '../users';

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
  // An ADMIN held for its second factor (issue 26); anyone else is never held.
  const hold = role === ROLE.ADMIN ? adminHold(user, claims.mfa === true) : 'open';
  return {
    sub: user._id,
    role,
    brand: user.brand,
    retailers: user.associated_retailers ?? [],
    sv: claims.sv,
    isAdmin: role === ROLE.ADMIN,
    session: { id: claims.sid, exp: claims.exp, ...(claims.mfa ? { mfa: true as const } : {}) },
    termsPending: role !== ROLE.ADMIN && user.policyFlag === true,
    ...(hold !== 'open' ? { secondFactorPending: hold } : {}),
  };
}
