/** Single sign-on per brand (issue 26 step 3; ours): the brand's OIDC settings, the email-first step, the sign-in's code. */
import * as z from 'zod';
import { SAML_MSG } from '../messages/saml';
import { SSO, SSO_MSG as M } from '../messages/sso';
import { brandIdPath } from './brands';

export const ssoPath = brandIdPath;

/**
 * PUT /sso/{brandId}: the brand's provider. `clientSecret` is write-only: absent or empty keeps the
 * saved one (the first save needs it). Domains are checked and normalised by the function
 * (lower case, IDN to punycode, no public mail provider, one brand per domain).
 */
const rules = {
  domains: z.array(z.string({ error: M.domainsRequired }).trim().max(253, M.domainInvalid('…')), { error: M.domainsRequired }).min(1, M.domainsRequired).max(SSO.maxDomains, M.tooManyDomains),
  jit: z.enum(['create', 'refuse'], { error: M.jitInvalid }),
  mandatory: z.boolean({ error: 'mandatory must be true or false.' }),
};
export const oidcSettingsBody = z.strictObject({
  protocol: z.literal('oidc'),
  issuer: z.string({ error: M.issuerRequired }).trim().min(1, M.issuerRequired).max(500, M.issuerInvalid),
  clientId: z.string({ error: M.clientIdRequired }).trim().min(1, M.clientIdRequired).max(256, M.clientIdRequired),
  clientSecret: z.string({ error: M.clientSecretRequired }).max(512, M.clientSecretTooLong).optional(),
  ...rules,
});
/** SAML 2.0 (issue 26 step 4): the identity provider's metadata XML (its entity id, sign-on address and signing certificates are read from it); empty keeps the saved provider. */
export const samlSettingsBody = z.strictObject({
  protocol: z.literal('saml'),
  /** Absent or empty: the brand's saved SAML provider is kept (the first save needs it). */
  metadataXml: z.string({ error: SAML_MSG.metadataRequired }).trim().max(100_000, SAML_MSG.metadataTooLarge).optional(),
  ...rules,
});
export const ssoSettingsBody = z.discriminatedUnion('protocol', [oidcSettingsBody, samlSettingsBody], { error: M.protocolInvalid });
export type SsoSettingsBody = z.input<typeof ssoSettingsBody>;

/** POST /sso/{brandId}/domains/{domain}/verify: one of the brand's domains, as typed or stored (normalised by the function). */
export const ssoDomainPath = brandIdPath.extend({ domain: z.string().min(1).max(253) });

/**
 * One of the brand's domains and its proof (issue 36): pending until the TXT record `record` is
 * seen in its DNS; `problem`: what the last check found (none once verified).
 */
export const ssoDomainStatus = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  addedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  problem: z.string().nullable(),
});
export type SsoDomainStatus = z.infer<typeof ssoDomainStatus>;

/** The verification's answer: the domain's status after the check, and what it found. */
export const ssoDomainVerifyResponse = z.object({ domain: ssoDomainStatus, verified: z.boolean(), message: z.string() });

/** GET /sso/{brandId} and the PUT's answer: the settings without the secret (only whether one is saved). */
export const ssoSettingsResponse = z.object({
  configured: z.boolean(),
  protocol: z.enum(['oidc', 'saml']),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  /** Each domain's status and the TXT record that proves it (issue 36), in the order of `domains`. */
  domainStatus: z.array(ssoDomainStatus),
  jit: z.enum(['create', 'refuse']),
  mandatory: z.boolean(),
  /** What to register at the provider as the redirect URI. */
  redirectUri: z.string(),
  /** SAML: what to register at the identity provider for this brand (its entity id and assertion consumer address), and the provider read from the saved metadata. */
  samlServiceProvider: z.object({ entityId: z.string(), acsUrl: z.string() }),
  /** `validUntil`: the last day (YYYY-MM-DD, UTC) any of its signing certificates is valid; null when none can be read. */
  samlIdp: z.object({ entityId: z.string(), ssoUrl: z.string(), certificates: z.number(), validUntil: z.string().nullable() }).nullable(),
  message: z.string().optional(),
});

const email = z.string({ error: M.emailRequired }).trim().min(1, M.emailRequired).max(254, M.emailInvalid).email(M.emailInvalid);
/** POST /login/method */
export const loginMethodBody = z.strictObject({ email });
/** Its answer: by the email's domain only, never by whether the account exists. */
export const loginMethodResponse = z.union([
  z.object({ method: z.literal('password') }),
  z.object({ method: z.literal('sso'), label: z.string(), startUrl: z.string(), passwordAllowed: z.boolean() }),
]);
/** GET /sso/start?email= */
export const ssoStartQuery = z.object({ email });
/** GET /sso/oidc/callback: what a provider sends back (read as a whole by openid-client; each bounded here). */
const param = z.string().max(4096).optional();
export const ssoCallbackQuery = z.object({ code: param, state: param, iss: param, error: param, error_description: param, session_state: param });
/** POST /sso/exchange: the one-time code of a finished sign-in. */
export const ssoExchangeBody = z.strictObject({ code: z.string({ error: M.codeExpired }).min(20, M.codeExpired).max(100, M.codeExpired) });

/** GET /sso/{brandId}/accounts?limit=&cursor= (issue 36). */
export const ssoAccountsQuery = z.object({
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(SSO.accountsPageSize),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});
/**
 * Its answer: the accounts of the brand's verified domains that its single sign-on spares, by
 * address: a site admin's (`admin`) or another brand's (`otherBrand`, never which brand). A short
 * page with a cursor is possible (the read stops after a budget of addresses).
 */
export const ssoAccountsResponse = z.object({
  data: z.array(z.object({ email: z.string(), name: z.string(), kind: z.enum(['admin', 'otherBrand']), status: z.enum(['active', 'pending', 'disabled']) })),
  nextCursor: z.string().nullable(),
});
