import { ROLE } from '../../shared/constants';
import { route } from '../../shared/routes/sso';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError } from '../lib/http/errors';
import { pageUsersOfDomains, type UserRecord } from '../users';
import { domainOwner, getSsoConfig } from './sso.repo';

const isAdmin = (u: UserRecord) => u.roles.some((r) => r.name === ROLE.ADMIN);

/**
 * GET /sso/{brandId}/accounts (issue 36): the accounts of the brand's verified domains (those with
 * its SSODOMAIN# owner) that its single sign-on spares, by address: site admins and other brands'
 * accounts keep their password and are listed here, not locked. Read on the EMAIL# items' gsi2
 * `EMAILDOMAIN#<domain>` (functions/users/users.repo.ts), never a scan; another brand is never named.
 */
export const handler = httpHandler(route('listSsoAccounts'), async ({ params, query }) => {
  if (!(await getBrand(params.brandId))) throw new NotFoundError('Brand not found.');
  const config = await getSsoConfig(params.brandId);
  const owners = await Promise.all((config?.domains ?? []).map(async (d) => ((await domainOwner(d)) === params.brandId ? d : undefined)));
  const domains = owners.filter((d): d is string => !!d);
  const spared = (u: UserRecord) => isAdmin(u) || u.brand !== params.brandId;
  const page = await pageUsersOfDomains(domains, spared, { limit: query.limit, cursor: query.cursor });
  return {
    data: page.items.map((u) => ({ email: u.email, name: u.name, kind: isAdmin(u) ? ('admin' as const) : ('otherBrand' as const), status: u.status })),
    nextCursor: page.nextCursor ?? null,
  };
});
