import { SSO_MSG as M } from '../../shared/messages/sso';
import { route } from '../../shared/routes/sso';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError, ValidationError, type Issue } from '../lib/http/errors';
import { writeSecretString } from '../lib/secrets';
import { isPublicMailDomain, normaliseDomain } from './domains';
import { httpIssuerAllowed, issuerAnswers, issuerProblem } from './oidc';
import { MetadataError, parseIdpMetadata, type SamlIdp } from './saml/metadata';
import { settingsAnswer } from './settings';
import { domainOwner, getSsoConfig, saveSsoConfig, ssoSecretName, type SsoConfig } from './sso.repo';

/**
 * PUT /sso/{brandId}: the brand's OIDC provider, or its SAML identity provider from the metadata
 * XML (./saml/metadata.ts: entity id, sign-on address, signing certificates). An OIDC client secret goes to Secrets Manager
 * `sso/<brand>` (locally the stack's secrets file) and is never answered. Each domain is
 * lower-cased and IDN-normalised (punycode), no public mail provider, and reserved for this brand
 * by a conditional put (SSODOMAIN#<domain>): a domain another brand holds is refused.
 */
export const handler = httpHandler(route('updateSso'), async ({ params, body, auth }) => {
  const brandId = params.brandId;
  if (!(await getBrand(brandId))) throw new NotFoundError('Brand not found.');
  const before = await getSsoConfig(brandId);
  const issues: Issue[] = [];
  let saml: SamlIdp | undefined;
  let secret = '';
  if (body.protocol === 'saml') {
    if (!body.metadataXml && before?.protocol === 'saml' && before.saml) saml = before.saml;
    else
      try {
        saml = parseIdpMetadata(body.metadataXml ?? '', { allowHttp: httpIssuerAllowed() });
      } catch (e) {
        if (!(e instanceof MetadataError)) throw e;
        issues.push({ path: 'metadataXml', message: e.message });
      }
  } else {
    // As the provider spells it: discovery requires its metadata's issuer to be exactly this.
    if (issuerProblem(body.issuer)) issues.push({ path: 'issuer', message: M.issuerInvalid });
    // A new issuer is asked for its discovery document now: a wrong one is told here, not at the brand's first sign-in.
    else if ((before?.protocol !== 'oidc' || before.issuer !== body.issuer) && !(await issuerAnswers(body.issuer))) issues.push({ path: 'issuer', message: M.issuerUnreachable });
    secret = body.clientSecret?.trim() ?? '';
    // A secret saved for OIDC before is kept; a brand coming from SAML has none.
    if (!secret && before?.protocol !== 'oidc') issues.push({ path: 'clientSecret', message: M.clientSecretRequired });
  }
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
  const common = { brandId, domains, jit: body.jit, mandatory: body.mandatory, updatedAt: new Date().toISOString(), updatedBy: auth.sub };
  const config: SsoConfig = saml ? { ...common, protocol: 'saml', issuer: saml.entityId, clientId: '', saml } : { ...common, protocol: 'oidc', issuer: body.protocol === 'oidc' ? body.issuer : '', clientId: body.protocol === 'oidc' ? body.clientId : '', clientSecretSet: true };
  await saveSsoConfig(config, before);
  return settingsAnswer(config, brandId, M.saved);
});
