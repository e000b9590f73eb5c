/** Texts of SAML single sign-on (issue 26; ours, not the spec's). */
export const SAML_MSG = {
  metadataRequired: "Paste your identity provider's SAML metadata (XML).",
  metadataTooLarge: 'This metadata is too large: at most 100 KB.',
  metadataUnreadable: 'This is not SAML metadata we can read: paste the XML your identity provider gives for this app.',
  metadataNoEntity: 'The metadata names no identity provider (an EntityDescriptor with an IDPSSODescriptor).',
  metadataNoSso: 'The metadata has no single sign-on address for the HTTP-Redirect binding.',
  metadataNoCert: 'The metadata has no signing certificate.',
  metadataBadUrl: 'The single sign-on address in the metadata must be an https:// address.',
  /** Any refused SAML response: the reason is logged, not shown (an attacker learns nothing). */
  responseRefused: 'Your identity provider’s answer could not be accepted. Try signing in again; if it happens again, ask your IT team.',
  noEmail: 'Your identity provider did not send your email address. Ask your IT team to send it as the NameID or an email attribute.',
} as const;
