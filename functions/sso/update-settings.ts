import { SSO_MSG as M } from '../../shared/messages/sso';
import { route } from '../../shared/routes/sso';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError, ValidationError, type Issue } from '../lib/http/errors';
import { writeSecretString } from '../lib/secrets';
import { isPublicMailDomain, normaliseDomain } from './domains';
import { issuerProblem } from './oidc';
import { settingsAnswer } from './settings';
import { domainOwner, getSsoConfig, saveSsoConfig, ssoSecretName } from './sso.repo';

/**
 * PUT /sso/{brandId}: the brand's OIDC provider. The client secret goes to Secrets Manager
 * `sso/<brand>` (locally the stack's secrets file) and is never answered. Each domain is
 * lower-cased and IDN-normalised (punycode), no public mail provider, and reserved for this brand
 * by a conditional put (SSODOMAIN#<domain>): a domain another brand holds is refused.
 */
export const handler = httpHandler(route('updateSso'), async ({ params, body, auth }) => {
  const brandId = params.brandId;
  if (!(await getBrand(brandId))) throw new NotFoundError('Brand not found.');
  const before = await getSsoConfig(brandId);
  const issues: Issue[] = [];
  // As the provider spells it: discovery requires its metadata's issuer to be exactly this.
  const issuer = body.issuer;
  if (issuerProblem(issuer)) issues.push({ path: 'issuer', message: M.issuerInvalid });
  const secret = body.clientSecret?.trim() ?? '';
  if (!secret && !before) issues.push({ path: 'clientSecret', message: M.clientSecretRequired });
  const domains: string[] = [];
  body.domains.forEach((typed, i) => {
    const d = normaliseDomain(typed);
    if (!d) issues.push({ path: `domains.${i}`, message: M.domainInvalid(typed) });
    else if (isPublicMailDomain(d)) issues.push({ path: `domains.${i}`, message: M.domainPublic(d) });
    else if (domains.includes(d)) issues.push({ path: `domains.${i}`, message: M.domainTwice(d) });
    else domains.push(d);
  });
  // Told before anything is written (the transaction's conditions still decide a race).
  for (const d of domains) {
    const owner = before?.domains.includes(d) ? brandId : await domainOwner(d);
    if (owner && owner !== brandId) issues.push({ path: 'domains', message: M.domainTaken(d) });
  }
  if (issues.length) throw new ValidationError(issues[0]!.message, issues);
  if (secret) await writeSecretString(ssoSecretName(brandId), secret, `Single sign-on client secret of brand ${brandId}`);
  const config = { brandId, protocol: 'oidc' as const, issuer, clientId: body.clientId, domains, jit: body.jit, mandatory: body.mandatory, updatedAt: new Date().toISOString(), updatedBy: auth.sub };
  await saveSsoConfig(config, before);
  return settingsAnswer(config, brandId, M.saved);
});
