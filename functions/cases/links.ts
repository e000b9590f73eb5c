/** The links sent to a retailer for its open cases (issue 24 §3): listed and revoked from the CASES tab by the brand's users who see the retailer. */
import { CASE_MSG } from '../../shared/schemas/cases';
import { listCaseLinks, revokeCaseLink } from '../b2b';
import { assertBrand, canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ForbiddenError, NotFoundError } from '../lib/http/errors';
import { getSessionUser } from '../users';

export async function caseLinksFor(auth: AuthContext, brand: string, retailer: string, q: { status: 'active' | 'all'; limit: number; cursor?: string }) {
  assertBrand(auth, brand);
  if (!canSeeRetailer(auth, retailer)) throw new ForbiddenError();
  return listCaseLinks(brand, retailer, { limit: q.limit, cursor: q.cursor, activeAt: q.status === 'active' ? new Date().toISOString() : undefined });
}

export async function revokeCaseLinkFor(auth: AuthContext, brand: string, id: string) {
  assertBrand(auth, brand);
  const user = await getSessionUser(auth.sub);
  const done = await revokeCaseLink(id, brand, { _id: auth.sub, name: user?.name ?? auth.sub }, (retailer) => canSeeRetailer(auth, retailer));
  if (!done) throw new NotFoundError(CASE_MSG.linkNotFound);
  return { message: CASE_MSG.linkRevoked, data: done };
}
