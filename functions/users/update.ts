/**
 * PUT /users/{id} (000 §7), three bodies told apart by their fields:
 * - My Account (the caller's own record only): email, password, name, user_email_bcc,
 *   emailFrequency (brandName is ignored: the brand's name is not the user's). A new email or
 *   password needs `currentPassword`; a new password ends every session of the user, and the answer
 *   carries a new token for the session that made the change (docs/decisions.md "Users tab"); a new
 *   email only sends a link to it (and a notice to the current one): it takes effect when the link
 *   is opened (POST /users/emailChange/confirm; issue 36); wrong
 *   current passwords count as failed logins of that address, and against the session.
 * - The Users tab's edit (BRAND_ADMIN, or ADMIN acting as the brand): firstname, lastname, roles,
 *   associated_retailers, notify, user_email_bcc; the email only unchanged.
 * - {associated_retailers} alone (the same callers).
 */
import { AUTH, roleLabel } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { USER_MSG } from '../../shared/messages/users';
import { route } from '../../shared/routes/users';
import { createEmailChangeLink, currentPasswordChecked, requestTime, reserveCurrentPasswordCheck, sourceIp } from '../auth';
import { getBrand } from '../brands';
import { refuseCommonPassword } from '../lib/common-passwords';
import { sendEmail } from '../lib/email';
import { emailChangeLinkEmail, emailChangeNoticeEmail, userUpdatedEmail } from '../lib/email/users';
import { env } from '../lib/env';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { logger } from '../lib/logger';
import { hashPassword, verifyPassword } from '../lib/password';
import { getRetailers } from '../retailers';
import { assignableRetailers, grantableRoles, managedUser, sameList } from './manage';
import { freshSession } from './fresh-session';
import { toPublicUser } from './present';
import { editUser, getUser, getUserByEmail, primaryRole, type UserEdit, type UserRecord } from './users.repo';

const ADMIN_FIELDS = ['firstname', 'lastname', 'roles', 'notify'] as const;
const SELF_FIELDS = ['password', 'currentPassword', 'emailFrequency', 'brandName'] as const;

export const handler = httpHandler(route('updateUser'), async ({ params, query, body, auth, event }) => {
  const given = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
  const adminEdit = ADMIN_FIELDS.some((f) => given.includes(f));
  const retailersOnly = given.length === 1 && given[0] === 'associated_retailers';
  if (adminEdit && SELF_FIELDS.some((f) => given.includes(f))) throw new ValidationError(USER_MSG.mixedEdit);

  if (!adminEdit && !retailersOnly) {
    // My Account: the caller's own record, nobody else's.
    if (params.id !== auth.sub) throw new ForbiddenError(USER_MSG.notYours);
    const user = await getUser(auth.sub);
    if (!user) throw new NotFoundError(USER_MSG.userNotFound);
    const changes: UserEdit = {};
    if (body.name !== undefined && body.name !== user.name) Object.assign(changes, splitName(body.name));
    if (body.user_email_bcc !== undefined && body.user_email_bcc !== user.user_email_bcc) changes.user_email_bcc = body.user_email_bcc;
    if (body.emailFrequency !== undefined && body.emailFrequency !== user.emailFrequency) changes.emailFrequency = body.emailFrequency;
    const newEmail = body.email !== undefined && body.email !== user.email.toLowerCase() ? body.email : undefined;
    if (newEmail !== undefined || body.password !== undefined) {
      await refuseCommonPassword(body.password);
      if (!body.currentPassword) throw new ValidationError(USER_MSG.currentPasswordRequired, [{ path: 'currentPassword', message: USER_MSG.currentPasswordRequired }]);
      // The current password is guessed no faster than at the login: the address's login count and this session's own (429 past them).
      const ip = sourceIp(event);
      const now = requestTime(event);
      await reserveCurrentPasswordCheck(user.email.toLowerCase(), ip, auth.session?.id ?? auth.sub, now);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) throw new ValidationError(USER_MSG.currentPasswordWrong, [{ path: 'currentPassword', message: USER_MSG.currentPasswordWrong }]);
      await currentPasswordChecked(user.email.toLowerCase(), ip, now);
      if (newEmail !== undefined && (await getUserByEmail(newEmail))) throw new ConflictError(MSG.emailTaken);
      if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
    }
    const now = Object.keys(changes).length ? await editUser(user, changes) : user;
    // A new email counts once the link sent to it is opened (POST /users/emailChange/confirm; issue 36): until then the account keeps its address.
    if (newEmail !== undefined) await askEmailChange(now, newEmail, requestTime(event));
    return {
      message: newEmail !== undefined ? USER_MSG.emailChangeSent(newEmail) : USER_MSG.settingsUpdated,
      user: toPublicUser(now, now.brand ? await getBrand(now.brand) : undefined),
      ...(await freshSession(user, now, auth.session?.mfa === true)),
    };
  }

  // The Users tab: a user of the managed brand.
  const { user, brand } = await managedUser(auth, params.id, query.brand);
  const changes: UserEdit = {};
  if (body.associated_retailers !== undefined) {
    const ids = assignableRetailers(brand, body.associated_retailers);
    if (!sameList(ids, user.associated_retailers)) changes.associated_retailers = ids;
  }
  if (adminEdit) {
    if (body.email !== undefined && body.email !== user.email.toLowerCase()) throw new ValidationError(USER_MSG.emailLocked);
    const firstname = body.firstname ?? user.firstname;
    const lastname = body.lastname ?? user.lastname;
    if (firstname !== user.firstname) changes.firstname = firstname;
    if (lastname !== user.lastname) changes.lastname = lastname;
    const name = `${firstname} ${lastname}`;
    if (name !== user.name) changes.name = name;
    if (body.roles !== undefined) {
      const roles = await grantableRoles(body.roles);
      if (!sameList(roles.map((r) => r._id), user.roles.map((r) => r._id))) {
        if (user._id === auth.sub) throw new ValidationError(USER_MSG.ownRole);
        changes.roles = roles;
      }
    }
    if (body.notify !== undefined && body.notify !== user.notify) changes.notify = body.notify;
    if (body.user_email_bcc !== undefined && body.user_email_bcc !== user.user_email_bcc) changes.user_email_bcc = body.user_email_bcc;
  }
  const now = Object.keys(changes).length ? await editUser(user, changes) : user;
  if (adminEdit && body.notify) {
    const names = (await getRetailers(now.associated_retailers)).map((r) => r.name);
    await sendEmail({ to: [now.email], ...userUpdatedEmail({ firstName: now.firstname, brand: brand.name, role: roleLabel(primaryRole(now)), retailers: names, appUrl: env.appUrl }) }).catch((error: unknown) =>
      logger.error('user update email failed', { error, userId: now._id }),
    );
  }
  return {
    message: retailersOnly ? USER_MSG.retailersUpdated : USER_MSG.userUpdated,
    user: toPublicUser(now, brand),
    ...(now._id === auth.sub ? await freshSession(user, now, auth.session?.mfa === true) : {}),
  };
});

/** The link to the new address (single use, AUTH.emailChangeTokenHours), and a notice to the address the account has now. */
async function askEmailChange(user: UserRecord, newEmail: string, now: number): Promise<void> {
  const link = await createEmailChangeLink(user._id, user.email, newEmail, now);
  await sendEmail({ to: [newEmail], ...emailChangeLinkEmail({ firstName: user.firstname, oldEmail: user.email, link, hours: AUTH.emailChangeTokenHours }) });
  await sendEmail({ to: [user.email], ...emailChangeNoticeEmail({ firstName: user.firstname, newEmail, appUrl: env.appUrl }) }).catch((error: unknown) =>
    logger.error('email change notice failed', { error, userId: user._id }),
  );
}

/** A single name field (My Account): first word the first name, the rest the last name. */
function splitName(name: string): Pick<UserEdit, 'name' | 'firstname' | 'lastname'> {
  const [first = name, ...rest] = name.split(/\s+/);
  return { name, firstname: first, lastname: rest.join(' ') };
}
