/** Auth and accounts (000 §7): this resource's part of the route table (shared/routes.ts aggregates it). */
import { forgotPasswordBody, loginBody, registerBody, resetPasswordBody, tokenQuery } from '../schemas/auth';
import { updatePolicyBody, userIdPath } from '../schemas/users';
import { r, routeIn, type RouteDef } from './define';

export const accountRoutes = [
  r({ id: 'login', method: 'POST', path: '/login', handler: 'functions/auth/login.ts', access: 'public', grants: ['table:read', 'table:write'], body: loginBody, jwtKey: 'issuesSession', publicForm: { captcha: true } }),
  r({ id: 'forgotPassword', method: 'POST', path: '/forgotPassword', handler: 'functions/auth/forgot-password.ts', access: 'public', grants: ['table:read', 'table:write', 'email:send'], body: forgotPasswordBody }),
  r({ id: 'validateToken', method: 'GET', path: '/validateToken', handler: 'functions/auth/validate-token.ts', access: 'public', grants: ['table:read'], query: tokenQuery }),
  r({ id: 'resetPassword', method: 'POST', path: '/resetPassword', handler: 'functions/auth/reset-password.ts', access: 'public', grants: ['table:read', 'table:write'], query: tokenQuery, body: resetPasswordBody }),
  r({ id: 'register', method: 'POST', path: '/register', handler: 'functions/auth/register.ts', access: 'public', grants: ['table:read', 'table:write', 'email:send'], body: registerBody }),
  r({ id: 'logout', method: 'POST', path: '/logout', handler: 'functions/auth/logout.ts', access: 'user', beforeTerms: true, beforeSecondFactor: true, grants: ['table:read', 'table:write'], notInSpec: 'The spec logs out in the browser only; this ends the session on the server too (issue 6 §5, issue 20 §6), so a token copied before logout stops working while the account\'s other sessions go on.' }),
  r({ id: 'logoutAll', method: 'POST', path: '/logout/all', handler: 'functions/auth/logout-all.ts', access: 'user', beforeTerms: true, beforeSecondFactor: true, grants: ['table:read', 'table:write'], notInSpec: "'Log out of all devices' in Settings › My Account (issue 20 §6): ends every session of the caller, this one included." }),
  r({ id: 'updateUserPolicy', method: 'PUT', path: '/updateUserPolicy/{userId}', handler: 'functions/users/update-policy.ts', access: 'user', beforeTerms: true, grants: ['table:read', 'table:write'], params: userIdPath, body: updatePolicyBody }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(accountRoutes);
