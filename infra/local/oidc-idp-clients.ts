/**
 * The local identity provider's clients and demo people (infra/local/oidc-idp.ts), apart so the
 * seed and the tests can name them without loading oidc-provider. Local demo values, not secrets.
 */
export const IDP_DEMO_PASSWORD = 'Castellane-SSO-2026!';

/** Our app at the local provider (the demo brand's settings name it). */
export const IDP_CLIENT = { id: 'retailer-audit', secret: 'retailer-audit-local-client-secret' } as const;

/**
 * Test-only clients (the test stack's provider only), each for one refusal of the relying party:
 * `short`: ID tokens valid 60 s (an expired ID token); `tampered`: its token answers carry an ID
 * token signed by the provider for `other` (an ID token of another client: the audience check);
 * `other`: another application of the same provider.
 */
export const IDP_TEST_CLIENTS = {
  short: { id: 'retailer-audit-short-ttl', secret: 'short-ttl-local-client-secret' },
  tampered: { id: 'retailer-audit-tampered', secret: 'tampered-local-client-secret' },
  other: { id: 'partner-portal', secret: 'partner-portal-local-client-secret' },
} as const;
export const SHORT_ID_TOKEN_SECONDS = 60;

export interface IdpAccount {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** Castellane Paris's people at its (local) identity provider. */
export const IDP_DEMO_ACCOUNTS: IdpAccount[] = [
  { email: 'camille.roux@castellane.example', emailVerified: true, givenName: 'Camille', familyName: 'Roux' },
  { email: 'theo.marchetti@castellane.example', emailVerified: true, givenName: 'Théo', familyName: 'Marchetti' },
  // Invited at the provider, address not confirmed yet: the app refuses the sign-in.
  { email: 'ines.garnier@castellane.example', emailVerified: false, givenName: 'Inès', familyName: 'Garnier' },
];

/** The demo brand's single sign-on (infra/local/seed.ts). */
export const DEMO_SSO_BRAND = { brandId: 'brand-castellane', domain: 'castellane.example' } as const;
