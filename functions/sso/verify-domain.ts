import { SSO_MSG as M } from '../../shared/messages/sso';
import { route } from '../../shared/routes/sso';
import { requestTime } from '../auth';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError } from '../lib/http/errors';
import { normaliseDomain } from './domains';
import { domainStatusOf } from './settings';
import { getSsoConfig } from './sso.repo';
import { checkDomain, isVerifiedOutcome } from './verification';

/**
 * POST /sso/{brandId}/domains/{domain}/verify (issue 36): check one of the brand's domains now,
 * its TXT record looked up in the domain's DNS (./verification.ts). Answers the domain's status
 * and what the check found: verified; the record not found yet (with its name and value); not
 * this brand's value; the DNS not reached (nothing changed); taken by another brand meanwhile.
 */
export const handler = httpHandler(route('verifySsoDomain'), async ({ params, event }) => {
  if (!(await getBrand(params.brandId))) throw new NotFoundError('Brand not found.');
  const domain = normaliseDomain(params.domain) ?? params.domain.toLowerCase();
  const config = await getSsoConfig(params.brandId);
  if (!config?.domains.includes(domain)) throw new NotFoundError(M.domainNotListed(domain));
  const check = await checkDomain(params.brandId, domain, new Date(requestTime(event)).toISOString());
  if (!check.verification) throw new NotFoundError(check.message);
  return { domain: domainStatusOf(domain, check.verification), verified: isVerifiedOutcome(check.outcome), message: check.message };
});
