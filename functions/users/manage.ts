/**
 * The rules of the Users tab (000 §6; docs/decisions.md "Users tab"): who may touch which user,
 * which roles may be given and which retailers assigned. Only BRAND_ADMIN (or an ADMIN acting as
 * the brand) manages users, of their own brand only; the ADMIN role is never given here; only the
 * brand's switched-on retailers are assigned.
 */
import { ROLE } from '../../shared/constants';
import { USER_MSG } from '../../shared/messages/users';
import type { RoleRef } from '../../shared/types';
import { getBrand, type BrandRecord } from '../brands';
import type { AuthContext } from '../lib/http/auth';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { listRoles } from '../roles';
import { getUser, type UserRecord } from './users.repo';

export const isManager = (auth: AuthContext): boolean => auth.role === ROLE.ADMIN || auth.role === ROLE.BRAND_ADMIN;

/** The brand the caller manages: a brand admin's own; an ADMIN's the `?brand=` they act for (required). */
export async function managedBrand(auth: AuthContext, queryBrand: string | undefined): Promise<BrandRecord> {
  if (!isManager(auth)) throw new ForbiddenError();
  const brandId = auth.isAdmin ? queryBrand : auth.brand;
  if (!brandId) throw new ValidationError(USER_MSG.chooseBrand);
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(USER_MSG.userNotFound);
  return brand;
}

/**
 * A user the caller may manage: of the managed brand, and not a site ADMIN. Anything else
 * (unknown id, another brand's user) is the same 404, so ids of other brands tell nothing.
 */
export async function managedUser(auth: AuthContext, id: string, queryBrand: string | undefined): Promise<{ user: UserRecord; brand: BrandRecord }> {
  if (!isManager(auth)) throw new ForbiddenError();
  const user = await getUser(id);
  const brandId = auth.isAdmin ? (queryBrand ?? user?.brand) : auth.brand;
  if (!user || !brandId || user.brand !== brandId || user.roles.some((r) => r.name === ROLE.ADMIN)) throw new NotFoundError(USER_MSG.userNotFound);
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(USER_MSG.userNotFound);
  return { user, brand };
}

/** The role records of the given ids: each must exist, and none may be ADMIN (unless `allowAdmin`: the admin's Manage Users). */
export async function grantableRoles(ids: readonly string[], allowAdmin = false): Promise<RoleRef[]> {
  const roles = await listRoles();
  return [...new Set(ids)].map((id) => {
    const role = roles.find((r) => r._id === id);
    if (!role) throw new ValidationError(USER_MSG.unknownRole, [{ path: 'roles', message: USER_MSG.unknownRole }]);
    if (role.name === ROLE.ADMIN && !allowAdmin) throw new ForbiddenError(USER_MSG.adminRoleRefused);
    return { _id: role._id, name: role.name, label: role.name, value: role._id };
  });
}

/** The retailer ids, once each, every one a switched-on retailer of the brand (else 400, naming none). */
export function assignableRetailers(brand: BrandRecord, ids: readonly string[]): string[] {
  const on = new Set(brand.retailers.filter((r) => r.flag !== false).map((r) => r.retailer));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !on.has(id))) throw new ValidationError(USER_MSG.retailerNotOfBrand, [{ path: 'associated_retailers', message: USER_MSG.retailerNotOfBrand }]);
  return unique;
}

export const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
