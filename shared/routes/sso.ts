/** Single sign-on per brand over OIDC (issue 26 step 3; ours): this resource's part of the route table (shared/routes.ts aggregates it). */
import { loginMethodBody, ssoAccountsQuery, ssoCallbackQuery, ssoDomainPath, ssoExchangeBody, ssoPath, ssoSettingsBody, ssoStartQuery } from '../schemas/sso';
import { r, routeIn, type RouteDef } from './define';

const notInSpec = "Single sign-on per brand (issue 26, docs/decisions/42-enterprise-sign-in.md): the login asks for the email first; a company's domains sign in at the brand's identity provider (OIDC).";

export const ssoRoutes = [
  r({ id: 'loginMethod', method: 'POST', path: '/login/method', handler: 'functions/sso/login-method.ts', access: 'public', grants: ['table:read', 'table:write'], body: loginMethodBody, notInSpec }),
  // Before GET /sso/{brandId}: the local server matches in table order (API Gateway prefers the literal path too).
  r({ id: 'ssoStart', method: 'GET', path: '/sso/start', handler: 'functions/sso/start.ts', access: 'public', grants: ['table:read', 'table:write'], query: ssoStartQuery, appLinks: true, notInSpec }),
  r({ id: 'ssoCallback', method: 'GET', path: '/sso/oidc/callback', handler: 'functions/sso/callback.ts', access: 'public', grants: ['table:read', 'table:write', 'sso:readSecret'], query: ssoCallbackQuery, appLinks: true, notInSpec }),
  r({ id: 'ssoSamlAcs', method: 'POST', path: '/sso/saml/acs/{brandId}', handler: 'functions/sso/saml-acs.ts', access: 'public', grants: ['table:read', 'table:write'], params: ssoPath, appLinks: true, notInSpec: "A SAML identity provider posts its answer to the brand's assertion consumer address (issue 26 step 4)." }),
  r({ id: 'ssoExchange', method: 'POST', path: '/sso/exchange', handler: 'functions/sso/exchange.ts', access: 'public', grants: ['table:read', 'table:write'], body: ssoExchangeBody, jwtKey: 'issuesSession', notInSpec }),
  r({ id: 'getSso', method: 'GET', path: '/sso/{brandId}', handler: 'functions/sso/get-settings.ts', access: 'brandAdmin', grants: ['table:read'], tenant: { path: 'brandId' }, params: ssoPath, appLinks: true, notInSpec }),
  r({ id: 'listSsoAccounts', method: 'GET', path: '/sso/{brandId}/accounts', handler: 'functions/sso/list-accounts.ts', access: 'brandAdmin', grants: ['table:read'], tenant: { path: 'brandId' }, params: ssoPath, query: ssoAccountsQuery, notInSpec: "The accounts of a brand's verified single sign-on domains that its mandatory SSO spares (site admins, other brands' accounts), listed to the brand (issue 36)." }),
  r({ id: 'updateSso', method: 'PUT', path: '/sso/{brandId}', handler: 'functions/sso/update-settings.ts', access: 'brandAdmin', grants: ['table:read', 'table:write', 'sso:writeSecret'], tenant: { path: 'brandId' }, params: ssoPath, body: ssoSettingsBody, appLinks: true, productDomains: true, notInSpec }),
  r({
    id: 'verifySsoDomain',
    method: 'POST',
    path: '/sso/{brandId}/domains/{domain}/verify',
    handler: 'functions/sso/verify-domain.ts',
    access: 'brandAdmin',
    grants: ['table:read', 'table:write'],
    tenant: { path: 'brandId' },
    params: ssoDomainPath,
    productDomains: true,
    notInSpec: "A brand proves it owns a single sign-on domain by a DNS TXT record, checked now (issue 36): the domain counts only once verified.",
  }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(ssoRoutes);
