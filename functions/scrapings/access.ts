/** Who may read a period, a product or a retailer's scan data (tenant + assigned retailers). */
import { assertBrand, canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ForbiddenError } from '../lib/http/errors';

/** ADMIN: anything; others: their brand only; a User with assigned retailers: only those. */
export function assertCanSee(auth: AuthContext, record: { brand: string; retailer: string }): void {
  assertBrand(auth, record.brand);
  assertCanSeeRetailer(auth, record.retailer);
}

export function assertCanSeeRetailer(auth: AuthContext, retailer: string): void {
  if (!canSeeRetailer(auth, retailer)) throw new ForbiddenError();
}
