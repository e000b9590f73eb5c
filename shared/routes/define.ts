/**
 * What a route definition is, shared by the per-resource parts of the route table
 * (shared/routes/<resource>.ts) and the table itself (shared/routes.ts). No schemas here: a
 * handler bundles only its own resource's definitions and schemas.
 */
import type { ZodType } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Who may call: `user` is any signed-in account; `brandAdmin` is BRAND_ADMIN or ADMIN; `portal`
 * is a B2B portal session only (docs/decisions.md "B2B portal").
 */
export type Access = 'public' | 'user' | 'brandAdmin' | 'admin' | 'portal';
/** What a handler touches; infra turns each into a least-privilege grant. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'data:read'
  | 'data:write'
  | 'email:send'
  | 'workflow:start'
  /** Start the content checks of a period (the checks state machine). */
  | 'checks:start'
  /** Send a failed asynchronous delivery again: invoke the functions S3 triggers, start the reports state machine (docs/operations.md). */
  | 'async:redrive'
  /** Read a brand's single sign-on client secret (Secrets Manager `sso/<brand>`; issue 26). */
  | 'sso:readSecret'
  /** Write a brand's single sign-on client secret (create or put a new version of `sso/<brand>`). */
  | 'sso:writeSecret';

/**
 * A public form's needs (docs/decisions.md "Captcha"): `captcha`, the captcha's configuration
 * (the local signed challenge or reCAPTCHA); `inbox`, the address the form's email goes to.
 */
export interface PublicForm {
  captcha?: true;
  inbox?: 'SALES_INBOX' | 'SUPPORT_INBOX';
}

export interface RouteDef {
  /** Unique, stable name: the Lambda's logical id and the web client's key. */
  id: string;
  method: Method;
  /** API Gateway path syntax, `{param}` segments. */
  path: string;
  /** Handler module, relative to the repository root, exporting `handler`. */
  handler: string;
  access: Access;
  grants: readonly Grant[];
  /** Where the brand of the request is, for the tenant check (non-ADMIN callers: must be theirs). */
  tenant?: { path?: string; query?: string };
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
  /** Why a route the spec does not name exists (the route-table test requires it). */
  notInSpec?: string;
  /**
   * A signed-in brand user who has not accepted the terms yet may call this route (reading and
   * accepting the terms, logging out). Every other non-public route answers them 403
   * `TERMS_NOT_ACCEPTED` (docs/decisions.md "Accepting the terms").
   */
  beforeTerms?: true;
  /**
   * An ADMIN held for its second factor may call this route (issue 26, decision 42): `true` always
   * (its status, logging out); `'enrol'` (adding an authenticator app or a passkey) only while it
   * has no factor at all, never from a password-only session of an admin whose factor is a
   * passkey. Every other route answers them 403 `SECOND_FACTOR_REQUIRED`.
   */
  beforeSecondFactor?: true | 'enrol';
  /**
   * The function refuses this product's own domains (single sign-on domains, issue 36): the app's
   * address and the sender's address (APP_URL, SENDER_ADDRESS), without the right to send.
   */
  productDomains?: true;
  /** The request body is multipart/form-data. */
  multipart?: boolean;
  /**
   * A B2B portal session may call this route too (docs/decisions.md "B2B portal"); every route
   * without it refuses a portal session with 403. `retailer`: where the request names the
   * retailer (it must be the link's); `query`: what the portal may send in the query string
   * (anything else: 403), checked before the route's own schema.
   */
  portal?: { retailer?: { path?: string; query?: string }; query?: ZodType };
  /**
   * Why a public route needs the JWT key all the same (every other route has it: it checks the
   * caller's token): it issues a session (`issuesSession`: login, the B2B portal's exchange) or
   * checks an app link signed with it (`checksSignedLink`: an export's, a picture's).
   */
  jwtKey?: 'issuesSession' | 'checksSignedLink';
  /**
   * The route answers with app links (the app's address, APP_URL) without sending email: an
   * export and its history, the basket export, a new B2B portal link; the passkey routes take
   * WebAuthn's relying party id and origin from it. (Routes that send email have the app's
   * address for the email's links.)
   */
  appLinks?: true;
  /** A public form: its captcha and inbox (infra binds their configuration and the JWT key). */
  publicForm?: PublicForm;
}

export const r = <const T extends RouteDef>(def: T): T => def;

/** `route(id)` over one part of the table, typed by that part's ids. */
export function routeIn<const T extends readonly RouteDef[]>(table: T) {
  return <Id extends T[number]['id']>(routeId: Id): Extract<T[number], { id: Id }> => {
    const found = table.find((x) => x.id === routeId);
    if (!found) throw new Error(`Unknown route ${routeId}`);
    return found as Extract<T[number], { id: Id }>;
  };
}

/** Fill a route's `{param}` segments: the web client's URL builder. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`Missing path parameter ${k} for ${path}`);
    return encodeURIComponent(v);
  });
}
