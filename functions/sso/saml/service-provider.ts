/**
 * A brand's SAML service provider (issue 26): its entity id (the audience its identity provider's
 * answers must name: another brand's answer is not this one's) and its assertion consumer address
 * (where the answers are posted). What the brand's IT team registers at its identity provider; no
 * import, so the settings' answer does not load node-saml.
 */
export const serviceProvider = (appUrl: string, brandId: string) => ({
  entityId: `${appUrl}/api/sso/saml/${encodeURIComponent(brandId)}`,
  acsUrl: `${appUrl}/api/sso/saml/acs/${encodeURIComponent(brandId)}`,
});
