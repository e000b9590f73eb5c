/**
 * The local SAML identity provider's demo brand and people (infra/local/saml-idp.ts), apart so the
 * seed and the tests can name them without loading samlify. Local demo values, not secrets.
 */
export const SAML_IDP_DEMO_PASSWORD = 'Aurelle-SAML-2026!';

/** Maison Aurelle signs its people of maisonaurelle.example in at the local SAML identity provider. */
export const DEMO_SAML_BRAND = { brandId: 'brand-maison-aurelle', domain: 'maisonaurelle.example', label: 'Maison Aurelle' } as const;

export interface SamlIdpPerson {
  email: string;
  givenName: string;
  familyName: string;
  /**
   * Test stack only (set through `POST /_test/accounts`): the answers for this person name this
   * issuer instead of the provider's entity id, signed with the provider's own key (an answer of
   * another IdP that shares the certificate, which the brand must refuse).
   */
  issuer?: string;
}

export const SAML_IDP_DEMO_PEOPLE: readonly SamlIdpPerson[] = [
  { email: 'helene.morel@maisonaurelle.example', givenName: 'Hélène', familyName: 'Morel' },
  { email: 'paul.lefevre@maisonaurelle.example', givenName: 'Paul', familyName: 'Lefèvre' },
];
