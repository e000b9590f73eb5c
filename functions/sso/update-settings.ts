import { SSO_MSG as M } from '../../shared/messages/sso';
import { route } from '../../shared/routes/sso';
import { getBrand } from '../brands';
import { httpHandler } from '../http';
import { NotFoundError, ValidationError, type Issue } from '../lib/http/errors';
import { writeSecretString } from '../lib/secrets';
import { domainRefusal, normaliseDomain } from './domains';
import { httpIssuerAllowed, issuerAnswers, issuerProblem } from './oidc';
import { MetadataError, parseIdpMetadata, type SamlIdp } from './saml/metadata';
import { settingsAnswer } from './settings';
import { getSsoConfig, listDomainVerifications, saveSsoConfig, ssoSecretName, type SsoConfig } from './sso.repo';

/**
 * PUT /sso/{brandId}: the brand's OIDC provider, or its SAML identity provider from the metadata
 * XML (./saml/metadata.ts: entity id, sign-on address, signing certificates). An OIDC client secret goes to Secrets Manager
 * `sso/<brand>` (locally the stack's secrets file) and is never answered. Each domain is
 * lower-cased and IDN-normalised (punycode). A new one is refused when it is a public suffix, a
 * public mail provider's, this product's own, or within or above another brand's verified domain
 * (./domains.ts domainRefusal); else it is added as pending, with the TXT record to publish
 * (./verification.ts): it counts only once verified. A dropped one stops routing at once.
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
  for (const [i, typed] of body.domains.entries()) {
    const d = normaliseDomain(typed);
    // A domain kept from before was accepted then (and is verified or pending already).
    const refusal = d && !domains.includes(d) && !before?.domains.includes(d) ? await domainRefusal(d, brandId) : undefined;
    if (!d) issues.push({ path: `domains.${i}`, message: M.domainInvalid(typed) });
    else if (refusal) issues.push({ path: `domains.${i}`, message: refusal });
    else if (domains.includes(d)) issues.push({ path: `domains.${i}`, message: M.domainTwice(d) });
    else domains.push(d);
  }
  if (issues.length) throw new ValidationError(issues[0]!.message, issues);
  if (secret) await writeSecretString(ssoSecretName(brandId), secret, `Single sign-on client secret of brand ${brandId}`);
  const common = { brandId, domains, jit: body.jit, mandatory: body.mandatory, updatedAt: new Date().toISOString(), updatedBy: auth.sub };
  const config: SsoConfig = saml ? { ...common, protocol: 'saml', issuer: saml.entityId, clientId: '', saml } : { ...common, protocol: 'oidc', issuer: body.protocol === 'oidc' ? body.issuer : '', clientId: body.protocol === 'oidc' ? body.clientId : '', clientSecretSet: true };
  const kept = await listDomainVerifications(brandId);
  await saveSsoConfig(config, before, kept.filter((v) => v.status === 'verified').map((v) => v.domain));
  const after = await listDomainVerifications(brandId);
  return settingsAnswer(config, brandId, after.some((v) => v.status === 'pending' && domains.includes(v.domain)) ? M.savedPending : M.saved, after);
});
