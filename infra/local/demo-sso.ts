/**
 * The demo brand's single sign-on (issue 26): Castellane Paris signs its people of
 * castellane.example in at the local identity provider (infra/local/oidc-idp.ts), accounts made
 * on a first sign-in (just in time), a password refused for the domain (mandatory). Written once,
 * only when absent, as every demo item; the client secret goes where the functions keep it
 * (functions/lib/secrets.ts: the stack's secrets file locally).
 */
import { backfillDomainVerifications, domainOwner, getSsoConfig, listDomainVerifications, saveSsoConfig, ssoSecretName } from '../../functions/sso/sso.repo';
import { checkDomain, txtRecordOf } from '../../functions/sso/verification';
import type { LocalDns } from './dns-server';
import { readSecretIfAny, writeSecretString } from '../../functions/lib/secrets';
import { parseIdpMetadata } from '../../functions/sso/saml/metadata';
import { DEMO_SSO_BRAND, IDP_CLIENT } from './oidc-idp-clients';
import { DEMO_SAML_BRAND } from './saml-idp-people';

export async function seedSso(issuer: string, log: (m: string) => void = () => undefined): Promise<void> {
  const { brandId, domain } = DEMO_SSO_BRAND;
  if (!(await readSecretIfAny(ssoSecretName(brandId)))) await writeSecretString(ssoSecretName(brandId), IDP_CLIENT.secret);
  const before = await getSsoConfig(brandId);
  // Kept as the brand admin left it; only a provider of an older run on another port is followed.
  if (before && before.issuer === issuer) return;
  if (!before && (await domainOwner(domain))) return;
  const config = before ?? { brandId, protocol: 'oidc' as const, clientId: IDP_CLIENT.id, clientSecretSet: true, domains: [domain], jit: 'create' as const, mandatory: true, updatedBy: 'demo-seed' };
  await saveSsoConfig({ ...config, issuer, updatedAt: new Date().toISOString() }, before);
  log(`Single sign-on of Castellane Paris (@${domain}) at ${issuer}.`);
}

/**
 * The demo's SAML single sign-on (issue 26 step 4): Maison Aurelle signs its people of
 * maisonaurelle.example in at the local SAML identity provider (infra/local/saml-idp.ts), accounts
 * made on a first sign-in, passwords still allowed (the brand's demo accounts are @demo.test).
 * Written when absent; the provider of an older run on another port is followed.
 */
export async function seedSamlSso(metadata: string, log: (m: string) => void = () => undefined): Promise<void> {
  const { brandId, domain } = DEMO_SAML_BRAND;
  const saml = parseIdpMetadata(metadata, { allowHttp: true });
  const before = await getSsoConfig(brandId);
  if (before && (before.protocol !== 'saml' || before.saml?.ssoUrl === saml.ssoUrl)) return;
  if (!before && (await domainOwner(domain))) return;
  const config = before ?? { brandId, protocol: 'saml' as const, clientId: '', domains: [domain], jit: 'create' as const, mandatory: false, updatedBy: 'demo-seed' };
  await saveSsoConfig({ ...config, issuer: saml.entityId, saml, updatedAt: new Date().toISOString() }, before);
  log(`SAML single sign-on of Maison Aurelle (@${domain}) at ${saml.ssoUrl}.`);
}

/**
 * The demo brands' domains proven (issue 36), as a brand proves one: each domain's TXT record
 * published in the local DNS server, then checked through the same service code the verify route
 * runs (./verification.ts), never by writing the status. A data folder of before domain
 * verification (its domains reserved without proof) is moved first: its domains get a pending
 * proof (backfillDomainVerifications) and are verified here. Under npm start the records persist,
 * so a second start finds them verified and writes nothing.
 */
export async function seedSsoDomains(dns: Pick<LocalDns, 'set'>, log: (m: string) => void = () => undefined): Promise<void> {
  const brands = [DEMO_SSO_BRAND, DEMO_SAML_BRAND];
  const moved = await backfillDomainVerifications(brands.map((b) => b.brandId));
  if (moved.length) log(`Single sign-on domains reserved without proof, now pending: ${moved.join(', ')}.`);
  for (const { brandId, domain } of brands) {
    const v = (await listDomainVerifications(brandId)).find((x) => x.domain === domain);
    if (!v || v.status === 'verified') continue;
    const record = txtRecordOf(v);
    dns.set(record.name, record.value);
    const check = await checkDomain(brandId, domain, new Date().toISOString());
    log(`${check.message} (TXT ${record.name} in the local DNS)`);
  }
}
