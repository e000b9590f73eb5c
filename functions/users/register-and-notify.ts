/**
 * POST /registerAndNotify (000 §7): a brand admin (or an ADMIN acting as the brand, `?brand=`)
 * adds a user to their brand. The user is `pending` with no usable password until the emailed
 * activation link (/activate-account, 72 hours) sets one. The user and the email reservation are
 * one conditional transaction: of concurrent adds of one address exactly one creates the user
 * (and sends the one email); the others get 409 'An account with this email already exists.'.
 */
import { randomBytes } from 'node:crypto';
import { USER_MSG } from '../../shared/messages/users';
import { route } from '../../shared/routes/users';
import { createLink } from '../auth';
import { sendEmail } from '../lib/email';
import { faultPoint } from '../lib/faults';
import { userAddedEmail } from '../lib/email/users';
import { ConflictError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { hashPassword } from '../lib/password';
import { assignableRetailers, grantableRoles, managedBrand } from './manage';
import { userRow } from './user-list';
import { newUserRecord } from './new-user';
import { createUser, deleteUser, getUser, getUserByEmail } from './users.repo';

export const handler = httpHandler(route('registerAndNotify'), async ({ query, body, auth }) => {
  const brand = await managedBrand(auth, query.brand);
  const roles = await grantableRoles(body.roles);
  const associated_retailers = assignableRetailers(brand, body.associated_retailers);
  if (await getUserByEmail(body.email)) throw new ConflictError(USER_MSG.emailTaken);
  const user = newUserRecord({
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    // Nobody knows this password: the activation link sets the real one.
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    roles,
    brand: brand._id,
    associated_retailers,
    notify: body.notify,
    user_email_bcc: body.user_email_bcc,
    status: 'pending',
  });
  await createUser(user);
  try {
    const link = await createLink(user._id, 'activate');
    const caller = await getUser(auth.sub);
    faultPoint('user-email', user.email);
    await sendEmail({ to: [user.email], ...userAddedEmail({ firstName: user.firstname, brand: brand.name, addedBy: caller?.name ?? brand.name, link }) });
  } catch (e) {
    // Without its email the user could never activate: undone, so the admin can simply add again.
    await deleteUser(user._id);
    throw e;
  }
  return respond(201, { message: USER_MSG.userCreated, user: userRow(user, brand.name) });
});
