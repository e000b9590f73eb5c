import { route } from '../../shared/routes/sso';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError } from '../lib/http/errors';
import { settingsAnswer } from './settings';
import { getSsoConfig, listDomainVerifications } from './sso.repo';

/** GET /sso/{brandId}: the brand's provider, domains (each with its status and TXT record) and rules (a brand admin of the brand, or an admin); the secret only as "saved". */
export const handler = httpHandler(route('getSso'), async ({ params }) => {
  if (!(await getBrand(params.brandId))) throw new NotFoundError('Brand not found.');
  const [config, verifications] = await Promise.all([getSsoConfig(params.brandId), listDomainVerifications(params.brandId)]);
  return settingsAnswer(config, params.brandId, undefined, verifications);
});
