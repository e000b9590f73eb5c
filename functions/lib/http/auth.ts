import { ROLE } from '../../../shared/constants';
import type { Access } from '../../../shared/routes';
import { InvalidTokenError, verifySession, type SessionClaims } from '../jwt';
import { ForbiddenError, UnauthorizedError } from './errors';

export interface AuthContext extends SessionClaims {
  isAdmin: boolean;
}

export async function authenticate(headers: Record<string, string | undefined>): Promise<AuthContext> {
  const header = headers.authorization ?? headers.Authorization;
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!m?.[1]) throw new UnauthorizedError();
  try {
    const claims = await verifySession(m[1]);
    return { ...claims, isAdmin: claims.role === ROLE.ADMIN };
  } catch (e) {
    if (e instanceof InvalidTokenError) throw new UnauthorizedError();
    throw e;
  }
}

export function authorizeRole(auth: AuthContext, access: Access): void {
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
  if (auth.role !== ROLE.USER || auth.retailers.length === 0) return true;
  return auth.retailers.includes(retailerId);
}

export function requireAdmin(auth: AuthContext): void {
  if (!auth.isAdmin) throw new ForbiddenError();
}
