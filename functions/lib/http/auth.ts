import { ROLE } from '../../../shared/constants';
import type { Access } from '../../../shared/routes/define';
import type { RouteDef } from '../../../shared/routes/define';
import type { SessionClaims } from '../jwt';
import { ForbiddenError, SecondFactorRequiredError, TermsNotAcceptedError } from './errors';

export interface AuthContext extends Omit<SessionClaims, 'sid'> {
  isAdmin: boolean;
  /** The user session of this request (none for a portal session): its id and its token's expiry (epoch seconds). */
  session?: { id: string; exp: number; mfa?: true };
  /**
   * A brand user who has not accepted the terms yet (`policyFlag` true; a site ADMIN's flag is
   * ignored): only routes marked `beforeTerms` let them in (docs/decisions.md "Accepting the terms").
   */
  termsPending?: boolean;
  /**
   * An ADMIN held for its second factor (issue 26; functions/mfa/second-factor.ts `adminHold`):
   * `setup` (none yet: routes marked `beforeSecondFactor` let them in, enrolment included) or
   * `passkey` (its factor is a passkey, this session was opened by password: only the routes
   * marked `true`). Read from the current user record, so the setup's confirmation frees the same
   * session at once.
   */
  secondFactorPending?: 'setup' | 'passkey';
  /** A B2B portal session (docs/decisions.md "B2B portal"): read-only, one retailer of one brand. */
  portal?: { linkId: string; brand: string; retailer: string };
}

/** Whether a route lets a B2B portal session in at all (`portal` on its definition, or portal-only access). */
export const portalMayCall = (def: Pick<RouteDef, 'access' | 'portal'>): boolean => def.access === 'portal' || def.portal !== undefined;

/**
 * Who is calling: the principal of the request's bearer token, or a 401 (403 for a portal session
 * on a route that does not let it in). Lib only names its shape: resolving it reads the users' and
 * the B2B links' records, so it lives with those features (functions/http/authenticate.ts) and is
 * given to the wrapper (./handler.ts `wrap`) by functions/http/.
 */
export type Authenticate = (headers: Record<string, string | undefined>, def?: Pick<RouteDef, 'access' | 'portal'>) => Promise<AuthContext>;

/**
 * A brand user who has not accepted the terms gets only the routes that say `beforeTerms` (403
 * TERMS_NOT_ACCEPTED); an ADMIN without a second factor only those that say `beforeSecondFactor`
 * (403 SECOND_FACTOR_REQUIRED).
 */
export function assertTermsAccepted(auth: AuthContext, def: Pick<RouteDef, 'beforeTerms' | 'beforeSecondFactor'>): void {
  if (auth.secondFactorPending && !(def.beforeSecondFactor === true || (def.beforeSecondFactor === 'enrol' && auth.secondFactorPending === 'setup'))) throw new SecondFactorRequiredError(auth.secondFactorPending);
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
