import { route } from '../../shared/routes/sso';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError } from '../lib/http/errors';
import { settingsAnswer } from './settings';
import { getSsoConfig } from './sso.repo';

/** GET /sso/{brandId}: the brand's provider, domains and rules (a brand admin of the brand, or an admin); the secret only as "saved". */
export const handler = httpHandler(route('getSso'), async ({ params }) => {
  if (!(await getBrand(params.brandId))) throw new NotFoundError('Brand not found.');
  return settingsAnswer(await getSsoConfig(params.brandId), params.brandId);
});
