/**
 * The route table: every HTTP call of the product, once. Read by infra (one API Gateway route and
 * one Lambda each), by the local server (same handler modules, same paths), by the security
 * suite (walks every non-public route) and by the web client's URL builders.
 * The definitions live per resource in shared/routes/<resource>.ts (a handler imports only its
 * own resource's file, so it bundles only those schemas); this module puts them together, in
 * this order, as the one table.
 * Paths are the spec's (the calls listed in `docs/api-calls.tsv`), served under `/api`.
 */
import { accountRoutes } from './routes/accounts';
import { mfaRoutes } from './routes/mfa';
import { ssoRoutes } from './routes/sso';
import { passkeyRoutes } from './routes/passkeys';
import { addressBookRoutes } from './routes/address-book';
import { basketRoutes } from './routes/basket';
import { brandRoutes } from './routes/brands';
import { reportRoutes } from './routes/reports';
import { exportRoutes } from './routes/exports';
import { b2bRoutes } from './routes/b2b';
import { caseLogRoutes, caseRoutes } from './routes/cases';
import { brandRetailerRoutes } from './routes/brand-retailers';
import { contactRoutes } from './routes/contact';
import { catalogRoutes } from './routes/catalog';
import { suggestionRoutes } from './routes/suggestions';
import { contactsImportRoutes } from './routes/contacts-import';
import { fileRoutes } from './routes/files';
import { imageRoutes } from './routes/images';
import { lookupRoutes } from './routes/lookups';
import { notificationRoutes } from './routes/notifications';
import { operationsRoutes } from './routes/operations';
import { permissionRoutes } from './routes/permissions';
import { publicRoutes } from './routes/public';
import { retailerRoutes } from './routes/retailers';
import { robotHealthRoutes } from './routes/robot-health';
import { scrapingRoutes } from './routes/scrapings';
import { settingsRoutes } from './routes/settings';
import { userRoutes } from './routes/users';
import type { RouteDef } from './routes/define';

export type { Access, Grant, Method, RouteDef } from './routes/define';
export { buildPath } from './routes/define';

export const routes = [
  // ── Auth and accounts (000 §7): shared/routes/accounts.ts
  ...accountRoutes,
  // ── Two-step sign-in: TOTP and recovery codes (issue 26; ours): shared/routes/mfa.ts
  ...mfaRoutes,
  // ── Single sign-on per brand over OIDC (issue 26; ours): shared/routes/sso.ts
  ...ssoRoutes,
  // ── Passkeys: WebAuthn registration and sign-in (issue 26; ours): shared/routes/passkeys.ts
  ...passkeyRoutes,
  // ── Look-ups: shared/routes/lookups.ts
  ...lookupRoutes,
  // ── Post office: robot files (001 §7): shared/routes/files.ts
  ...fileRoutes,
  // ── Post office: settings and notifications (001 §7): shared/routes/settings.ts, notifications.ts
  ...settingsRoutes,
  ...notificationRoutes,
  // ── Post office: failed deliveries and their redrive (ours): shared/routes/operations.ts
  ...operationsRoutes,
  // ── Post office: robot health and the robots' schedules (issue 25; ours): shared/routes/robot-health.ts
  ...robotHealthRoutes,
  // ── Products of the period, on-hand inventory, summaries (000 §7, 001 §7): shared/routes/scrapings.ts
  ...scrapingRoutes,
  // ── Exports of the product tabs and their app links (000 §2, §7; 001 §7): shared/routes/exports.ts
  ...exportRoutes,
  // ── The app links of the pictures robots store with their scans (ours): shared/routes/images.ts
  ...imageRoutes,
  // ── The brand dashboard's retailer look-ups (000 §2, §7): shared/routes/brand-retailers.ts
  ...brandRetailerRoutes,
  // ── The retailer page's Address Book and EMAIL HISTORY (000 §2, §6, §7): shared/routes/address-book.ts
  ...addressBookRoutes,
  // ── The contact form: canned messages, contact info, email to a retailer (000 §2, §7): shared/routes/contact.ts
  ...contactRoutes,
  // ── The B2B portal's links and sessions (001 §2, §6; ours): shared/routes/b2b.ts
  ...b2bRoutes,
  // ── Cases: a flag's lifecycle, evidence and log (issue 24; ours): shared/routes/cases.ts
  ...caseRoutes,
  // ── Cases: the log as an xlsx (an export job) and a product's case (issue 24; ours): shared/routes/cases.ts
  ...caseLogRoutes,
  // ── The basket of on-hand items and its export (001 §3-§7, 000 §2): shared/routes/basket.ts
  ...basketRoutes,
  // ── Settings: My Account and Users (000 §2, §6, §7): shared/routes/users.ts
  ...userRoutes,
  // ── The Brand tab of Settings: colours and company BCC (000 §2, §7): shared/routes/brands.ts
  ...brandRoutes,
  // ── The monthly report of Manage Reports (000 §2, §7, §9): shared/routes/reports.ts
  ...reportRoutes,
  // ── Settings → Contacts: import, export, history (000 §2, §7): shared/routes/contacts-import.ts
  ...contactsImportRoutes,
  // ── Settings → Catalogue: the brand's golden record (issue 38; ours): shared/routes/catalog.ts
  ...catalogRoutes,
  // ── A retailer's Suggestions: the content checks' findings (issue 38; ours): shared/routes/suggestions.ts
  ...suggestionRoutes,
  // ── The public forms: demo request and its captcha, bug report (000 §2, §3, §7): shared/routes/public.ts
  ...publicRoutes,
  // ── The admin Retailer List's add, edit and delete (001 §2, §7): shared/routes/retailers.ts
  ...retailerRoutes,
  // ── The admin's Permissions look-up and its export (001 §2, §7): shared/routes/permissions.ts
  ...permissionRoutes,
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];
export type Route<Id extends RouteId = RouteId> = Extract<(typeof routes)[number], { id: Id }>;

export function route<Id extends RouteId>(routeId: Id): Route<Id> {
  const found = routes.find((x) => x.id === routeId);
  if (!found) throw new Error(`Unknown route ${routeId}`);
  return found as Route<Id>;
}

/** Match a method + path against the table; returns the route and its path parameters. */
export function matchRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | undefined {
  for (const def of routes as readonly RouteDef[]) {
    if (def.method !== method) continue;
    const names: string[] = [];
    const re = new RegExp(
      '^' + def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => (names.push(n), '([^/]+)')) + '/?$',
    );
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
    return { route: def, params };
  }
  return undefined;
}
