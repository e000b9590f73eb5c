/**
 * POST /users (001 §2, §5, §7): an ADMIN adds a user of any brand with any role (ADMIN included:
 * only here), the password they typed (the policy of registration and My Account, at most 20),
 * active at once, with the terms to accept at the first sign-in (`policyFlag`). The brand must
 * exist; assigned retailers must be switched-on retailers of that brand (none: all). The user and
 * the email reservation are one conditional transaction: of two admins adding one address at once
 * exactly one creates the user, the other gets 409 'An account with this email already exists.'.
 */
import { ROLE } from '../../shared/constants';
import { ADMIN_USERS_MSG as AM } from '../../shared/messages/admin-users';
import { USER_MSG } from '../../shared/messages/users';
import { route } from '../../shared/routes/users';
import { getBrand } from '../brands';
import { refuseCommonPassword } from '../lib/common-passwords';
import { ConflictError, ValidationError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { hashPassword } from '../lib/password';
import { assignableRetailers, grantableRoles } from './manage';
import { userRow } from './user-list';
import { newUserRecord } from './new-user';
import { createUser, getUserByEmail } from './users.repo';

export const handler = httpHandler(route('createUser'), async ({ body }) => {
  await refuseCommonPassword(body.password);
  const brand = await getBrand(body.brand);
  if (!brand) throw new ValidationError(AM.brandUnknown, [{ path: 'brand', message: AM.brandUnknown }]);
  const roles = await grantableRoles(body.roles, true);
  const siteAdmin = roles.some((r) => r.name === ROLE.ADMIN);
  if (siteAdmin && body.associated_retailers.length) throw new ValidationError(AM.adminRetailers, [{ path: 'associated_retailers', message: AM.adminRetailers }]);
  const associated_retailers = assignableRetailers(brand, body.associated_retailers);
  if (await getUserByEmail(body.email)) throw new ConflictError(USER_MSG.emailTaken);
  const [firstname = body.name, ...rest] = body.name.split(/\s+/);
  // Active at once; the terms are accepted at the first sign-in (/privacypolicy), as every new account.
  const user = newUserRecord({ name: body.name, firstname, lastname: rest.join(' '), email: body.email, passwordHash: await hashPassword(body.password), roles, brand: brand._id, associated_retailers, status: 'active' });
  await createUser(user, brand.name);
  return respond(201, { message: AM.userAdded, user: userRow(user, brand.name) });
});
