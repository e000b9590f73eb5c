/**
 * The demo brand's single sign-on (issue 26): Castellane Paris signs its people of
 * castellane.example in at the local identity provider (infra/local/oidc-idp.ts), accounts made
 * on a first sign-in (just in time), a password refused for the domain (mandatory). Written once,
 * only when absent, as every demo item; the client secret goes where the functions keep it
 * (functions/lib/secrets.ts: the stack's secrets file locally).
 */
import { domainOwner, getSsoConfig, saveSsoConfig, ssoSecretName } from '../../functions/sso/sso.repo';
import { readSecretIfAny, writeSecretString } from '../../functions/lib/secrets';
import { DEMO_SSO_BRAND, IDP_CLIENT } from './oidc-idp-clients';

export async function seedSso(issuer: string, log: (m: string) => void = () => undefined): Promise<void> {
  const { brandId, domain } = DEMO_SSO_BRAND;
  if (!(await readSecretIfAny(ssoSecretName(brandId)))) await writeSecretString(ssoSecretName(brandId), IDP_CLIENT.secret);
  const before = await getSsoConfig(brandId);
  // Kept as the brand admin left it; only a provider of an older run on another port is followed.
  if (before && before.issuer === issuer) return;
  if (!before && (await domainOwner(domain))) return;
  const config = before ?? { brandId, protocol: 'oidc' as const, clientId: IDP_CLIENT.id, domains: [domain], jit: 'create' as const, mandatory: true, updatedBy: 'demo-seed' };
  await saveSsoConfig({ ...config, issuer, updatedAt: new Date().toISOString() }, before);
  log(`Single sign-on of Castellane Paris (@${domain}) at ${issuer}.`);
}
