/** Two-step sign-in (issue 26; ours): this resource's part of the route table (shared/routes.ts aggregates it). */
import { loginMfaBody, mfaCodeBody } from '../schemas/mfa';
import { r, routeIn, type RouteDef } from './define';

const notInSpec = 'Two-step sign-in (issue 26): a user adds an authenticator app (TOTP) with recovery codes; a password alone then no longer signs in.';

export const mfaRoutes = [
  r({ id: 'loginMfa', method: 'POST', path: '/login/mfa', handler: 'functions/mfa/login-mfa.ts', access: 'public', grants: ['table:read', 'table:write'], body: loginMfaBody, jwtKey: 'issuesSession', notInSpec }),
  r({ id: 'getMfaStatus', method: 'GET', path: '/mfa', handler: 'functions/mfa/get-status.ts', access: 'user', beforeTerms: true, beforeSecondFactor: true, grants: ['table:read'], notInSpec }),
  r({ id: 'setupTotp', method: 'POST', path: '/mfa/totp/setup', handler: 'functions/mfa/setup.ts', access: 'user', beforeTerms: true, beforeSecondFactor: 'enrol', grants: ['table:read', 'table:write'], notInSpec }),
  r({ id: 'confirmTotp', method: 'POST', path: '/mfa/totp/confirm', handler: 'functions/mfa/confirm.ts', access: 'user', beforeTerms: true, beforeSecondFactor: 'enrol', grants: ['table:read', 'table:write'], body: mfaCodeBody, notInSpec }),
  r({ id: 'disableTotp', method: 'POST', path: '/mfa/totp/disable', handler: 'functions/mfa/disable.ts', access: 'user', beforeTerms: true, grants: ['table:read', 'table:write'], body: mfaCodeBody, notInSpec }),
  r({ id: 'renewRecoveryCodes', method: 'POST', path: '/mfa/recoveryCodes', handler: 'functions/mfa/renew-codes.ts', access: 'user', beforeTerms: true, grants: ['table:read', 'table:write'], body: mfaCodeBody, notInSpec }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(mfaRoutes);
