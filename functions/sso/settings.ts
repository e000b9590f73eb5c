/** The brand's single sign-on settings as GET and PUT /sso/{brandId} answer them (never the secret). */
import { readSecretIfAny } from '../lib/secrets';
import { redirectUri } from './oidc';
import { ssoSecretName, type SsoConfig } from './sso.repo';

export async function settingsAnswer(config: SsoConfig | undefined, brandId: string, message?: string) {
  return {
    configured: Boolean(config),
    protocol: 'oidc' as const,
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecretSet: Boolean(config && (await readSecretIfAny(ssoSecretName(brandId)))),
    domains: config?.domains ?? [],
    jit: config?.jit ?? 'refuse',
    mandatory: config?.mandatory ?? false,
    redirectUri: redirectUri(),
    ...(message ? { message } : {}),
  };
}
