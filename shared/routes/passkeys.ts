/** Passkeys (issue 26 step 2; ours): this resource's part of the route table (shared/routes.ts aggregates it). */
import { passkeyLoginBody, passkeyLoginOptionsBody, passkeyPath, registerPasskeyBody, renamePasskeyBody } from '../schemas/passkeys';
import { r, routeIn, type RouteDef } from './define';

const notInSpec = 'Passkeys (issue 26 step 2): a user adds WebAuthn passkeys in the security settings and signs in with one instead of a password (docs/decisions/42-enterprise-sign-in.md).';

// `appLinks`: the WebAuthn routes take the relying party's id and origin from the app's address (APP_URL).
export const passkeyRoutes = [
  r({ id: 'passkeyRegisterOptions', method: 'POST', path: '/passkeys/register/options', handler: 'functions/passkeys/register-options.ts', access: 'user', beforeTerms: true, beforeSecondFactor: 'enrol', grants: ['table:read', 'table:write'], appLinks: true, notInSpec }),
  r({ id: 'registerPasskey', method: 'POST', path: '/passkeys/register', handler: 'functions/passkeys/register.ts', access: 'user', beforeTerms: true, beforeSecondFactor: 'enrol', grants: ['table:read', 'table:write'], body: registerPasskeyBody, appLinks: true, notInSpec }),
  r({ id: 'listPasskeys', method: 'GET', path: '/passkeys', handler: 'functions/passkeys/list.ts', access: 'user', beforeTerms: true, beforeSecondFactor: true, grants: ['table:read'], notInSpec }),
  r({ id: 'renamePasskey', method: 'PUT', path: '/passkeys/{credentialId}', handler: 'functions/passkeys/rename.ts', access: 'user', beforeTerms: true, grants: ['table:read', 'table:write'], params: passkeyPath, body: renamePasskeyBody, notInSpec }),
  r({ id: 'deletePasskey', method: 'DELETE', path: '/passkeys/{credentialId}', handler: 'functions/passkeys/remove.ts', access: 'user', beforeTerms: true, grants: ['table:read', 'table:write'], params: passkeyPath, notInSpec }),
  r({ id: 'passkeyLoginOptions', method: 'POST', path: '/passkeys/login/options', handler: 'functions/passkeys/login-options.ts', access: 'public', grants: ['table:read', 'table:write'], body: passkeyLoginOptionsBody, appLinks: true, notInSpec }),
  r({ id: 'loginPasskey', method: 'POST', path: '/passkeys/login', handler: 'functions/passkeys/login.ts', access: 'public', grants: ['table:read', 'table:write'], body: passkeyLoginBody, jwtKey: 'issuesSession', appLinks: true, notInSpec }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(passkeyRoutes);
