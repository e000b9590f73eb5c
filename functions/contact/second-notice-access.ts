import { assertBrand, canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ForbiddenError, NotFoundError } from '../lib/http/errors';
import { getUser } from '../users';

/** The caller as the notice's sender: of the brand (or an ADMIN acting for it) and seeing the retailer, else 403. */
export async function senderOf(auth: AuthContext, brandId: string, retailerId: string): Promise<{ id: string; name: string }> {
  assertBrand(auth, brandId);
  if (!canSeeRetailer(auth, retailerId)) throw new ForbiddenError();
  const user = await getUser(auth.sub);
  if (!user) throw new NotFoundError();
  return { id: auth.sub, name: user.name };
}
