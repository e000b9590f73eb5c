import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import { getBrand } from '../brands';
import { ForbiddenError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { toPublicUser } from './present';
import { getUser, updateUserFields } from './users.repo';

/** Accepting the terms: a user for themself (an admin for anyone). */
export const handler = httpHandler(route('updateUserPolicy'), async ({ params, body, auth }) => {
  if (params.userId !== auth.sub && !auth.isAdmin) throw new ForbiddenError();
  const user = await getUser(params.userId);
  if (!user) throw new NotFoundError(MSG.userNotFound);
  await updateUserFields(user._id, { policyFlag: body.policyFlag });
  const brand = user.brand ? await getBrand(user.brand) : undefined;
  return { message: MSG.termsAccepted, user: toPublicUser({ ...user, policyFlag: body.policyFlag }, brand) };
});
