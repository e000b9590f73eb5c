/** The brand's single sign-on settings as GET and PUT /sso/{brandId} answer them (never the secret). */
import { env } from '../lib/env';
import { redirectUri } from './oidc';
import { certsValidUntil } from './saml/metadata';
import { serviceProvider } from './saml/service-provider';
import type { DomainVerification, SsoConfig } from './sso.repo';
import { txtRecordOf } from './verification';

/** A domain's status as answered: its TXT record to publish, and what the last check found. */
export function domainStatusOf(domain: string, v: DomainVerification | undefined) {
  return {
    domain,
    status: v?.status ?? ('pending' as const),
    record: { type: 'TXT' as const, ...txtRecordOf({ domain, token: v?.token ?? '' }) },
    addedAt: v?.addedAt ?? null,
    verifiedAt: v?.verifiedAt ?? null,
    lastCheckedAt: v?.lastCheckedAt ?? null,
    problem: v?.problem ?? null,
  };
}

export function settingsAnswer(config: SsoConfig | undefined, brandId: string, message?: string, verifications: readonly DomainVerification[] = []) {
  return {
    configured: Boolean(config),
    protocol: config?.protocol ?? 'oidc',
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecretSet: config?.protocol === 'oidc' && config.clientSecretSet === true,
    domains: config?.domains ?? [],
    domainStatus: (config?.domains ?? []).map((d) => domainStatusOf(d, verifications.find((v) => v.domain === d))),
    jit: config?.jit ?? 'refuse',
    mandatory: config?.mandatory ?? false,
    redirectUri: redirectUri(),
    samlServiceProvider: serviceProvider(env.appUrl, brandId),
    samlIdp: config?.saml ? { entityId: config.saml.entityId, ssoUrl: config.saml.ssoUrl, certificates: config.saml.certs.length, validUntil: certsValidUntil(config.saml.certs) } : null,
    ...(message ? { message } : {}),
  };
}
