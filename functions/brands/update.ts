import { route } from '../../shared/routes/brands';
import { BRAND_MSG } from '../../shared/schemas/brand-settings';
import { httpHandler } from '../lib/http/handler';
import { NotFoundError } from '../lib/http/errors';
import { updateBrandSettings } from './brands.repo';

/**
 * PUT /brands/{brandId} (000 §2 Brand tab, §7): the brand's colours and company BCC. BRAND_ADMIN
 * of that brand (the wrapper's tenant rule) or ADMIN; the body's `retailers` part (issue 11) is
 * refused by its schema for now. Answers the brand as it is now.
 */
export const handler = httpHandler(route('updateBrand'), async ({ params, body }) => {
  const updated = await updateBrandSettings(params.brandId, { colors: body.colors, company_email_bcc: body.company_email_bcc });
  if (!updated) throw new NotFoundError(BRAND_MSG.brandNotFound);
  const { createdAt: _c, updatedAt: _u, ...brand } = updated;
  return { message: BRAND_MSG.updated, data: brand };
});
