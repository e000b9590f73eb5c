import { ROLE } from '../../shared/constants';
import { route } from '../../shared/routes/brands';
import { BRAND_MSG } from '../../shared/schemas/brand-settings';
import { httpHandler } from '../http';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { getRetailers } from '../retailers';
import { updateBrandSettings } from './brands.repo';
import { setBrandRetailers } from './retailer-brands.repo';

/**
 * PUT /brands/{brandId} (000 §2 Brand tab, §7; 001 §2 User Retailer List, §7): the brand's colours
 * and company BCC (BRAND_ADMIN of that brand, the wrapper's tenant rule, or ADMIN), and its allowed
 * retailers (`retailers`: ADMIN only, 403 for anyone else; every id must be a retailer, 400 naming
 * the unknown ones; a stale `retailersVersion`, or another admin's save in between: 409). Answers
 * 'Successfully updated' with the brand as it is now (docs/decisions.md "User Retailer List and Permissions").
 */
export const handler = httpHandler(route('updateBrand'), async ({ params, body, auth }) => {
  const settings = { colors: body.colors, company_email_bcc: body.company_email_bcc };
  let updated;
  if (body.retailers !== undefined) {
    if (auth.role !== ROLE.ADMIN) throw new ForbiddenError(BRAND_MSG.retailersAdminOnly);
    const ids = body.retailers.map((r) => r.retailer);
    const known = new Set((await getRetailers(ids)).map((r) => r._id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      const message = BRAND_MSG.unknownRetailers(unknown.slice(0, 10));
      throw new ValidationError(message, [{ path: 'retailers', message }]);
    }
    updated = await setBrandRetailers(params.brandId, body.retailers, { expectedVersion: body.retailersVersion, settings });
  } else {
    updated = await updateBrandSettings(params.brandId, settings);
  }
  if (!updated) throw new NotFoundError(BRAND_MSG.brandNotFound);
  const { createdAt: _c, updatedAt: _u, ...brand } = updated;
  return { message: BRAND_MSG.updated, data: brand };
});
