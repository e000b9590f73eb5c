/**
 * DELETE /removeAndNotify/{id} (000 §7): a brand admin (or an ADMIN acting as the brand) deletes
 * a user of their brand, never their own; the user's record and email reservation go in one
 * transaction (every token of the user stops working: the session check finds no user), then
 * the user's passkeys (issue 26; refused already, the user being gone), and the user is told by email.
 */
import { USER_MSG } from '../../shared/messages/users';
import { route } from '../../shared/routes/users';
import { sendEmail } from '../lib/email';
import { userRemovedEmail } from '../lib/email/users';
import { NotFoundError, ValidationError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { logger } from '../lib/logger';
import { forgetPasskeys } from '../passkeys';
import { managedUser } from './manage';
import { deleteUser } from './users.repo';

export const handler = httpHandler(route('removeAndNotify'), async ({ params, query, auth }) => {
  if (params.id === auth.sub) throw new ValidationError(USER_MSG.ownDelete);
  const { user, brand } = await managedUser(auth, params.id, query.brand);
  // Two removals at once: the one that did not delete answers as for a user already gone (no second email).
  if (!(await deleteUser(user._id))) throw new NotFoundError(USER_MSG.userNotFound);
  await forgetPasskeys(user._id);
  await sendEmail({ to: [user.email], ...userRemovedEmail({ firstName: user.firstname, brand: brand.name }) }).catch((error: unknown) =>
    logger.error('user removal email failed', { error, userId: user._id }),
  );
  return { message: USER_MSG.userDeleted };
});
