/**
 * The route table is the whole truth (issue 23): every route has its response schema
 * (shared/routes/responses.ts), and what infra binds beyond a route's grants (the JWT key of a
 * public route, the app's address, a public form's captcha and inbox) is said by the route's
 * definition, consistently.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routes, type RouteDef } from '../../shared/routes';
import { responses } from '../../shared/routes/responses';
import { redirectResponse } from '../../shared/schemas/redirect';

const root = path.resolve(__dirname, '../..');
const table = routes as readonly RouteDef[];
const ids = (list: readonly RouteDef[]) => list.map((r) => r.id).sort();
const source = (r: RouteDef) => readFileSync(path.join(root, r.handler), 'utf8');

describe('response schemas (shared/routes/responses.ts)', () => {
  it('has a zod response schema for every route of the table, and none for an id outside it', () => {
    const byId = responses as Record<string, unknown>;
    expect(table.filter((r) => !(byId[r.id] instanceof z.ZodType)).map((r) => r.id)).toEqual([]);
    expect(Object.keys(byId).sort()).toEqual(ids(table));
  });

  it('says "redirect, no body" for exactly the routes whose handler answers a 302', () => {
    // The single sign-on routes answer their redirects through functions/sso/redirects.ts.
    const redirecting = table.filter((r) => /respond\(302\b/.test(source(r)) || /from '\.\/redirects'/.test(source(r)));
    expect(ids(redirecting)).toEqual(['downloadExport', 'openImage', 'ssoCallback', 'ssoSamlAcs', 'ssoStart']);
    expect(ids(table.filter((r) => responses[r.id as keyof typeof responses] === redirectResponse))).toEqual(ids(redirecting));
    expect(redirectResponse.safeParse(undefined).success).toBe(true);
    expect(redirectResponse.safeParse({ data: [] }).success).toBe(false);
  });
});

describe('what infra binds beyond the grants, from the route definitions', () => {
  it('gives a JWT-key reason only to public routes: login, its second step and the B2B portal exchange issue sessions, the export and picture links are checked', () => {
    const withKey = table.filter((r) => r.jwtKey);
    expect(withKey.filter((r) => r.access !== 'public').map((r) => r.id)).toEqual([]);
    expect(Object.fromEntries(withKey.map((r) => [r.id, r.jwtKey]))).toEqual({
      login: 'issuesSession',
      loginMfa: 'issuesSession',
      loginPasskey: 'issuesSession',
      ssoExchange: 'issuesSession',
      openB2bPortal: 'issuesSession',
      downloadExport: 'checksSignedLink',
      openImage: 'checksSignedLink',
    });
  });

  it('marks as public forms only public routes; a form with an inbox sends email, one with a captcha or an inbox is not also given a JWT-key reason (the form binds the key), but the login, which issues sessions', () => {
    const forms = table.filter((r) => r.publicForm);
    // The login asks for the forms' captcha while the account's backstop holds an unknown browser (issue 36).
    expect(ids(forms)).toEqual(['contactUs', 'getCaptcha', 'login', 'scheduleDemo']);
    for (const r of forms) {
      expect(r.access, r.id).toBe('public');
      expect(r.jwtKey, r.id).toBe(r.id === 'login' ? 'issuesSession' : undefined);
      if (r.publicForm?.inbox) expect(r.grants, r.id).toContain('email:send');
    }
    expect(Object.fromEntries(forms.map((r) => [r.id, r.publicForm]))).toEqual({
      getCaptcha: { captcha: true },
      login: { captcha: true },
      scheduleDemo: { captcha: true, inbox: 'SALES_INBOX' },
      contactUs: { inbox: 'SUPPORT_INBOX' },
    });
  });

  it('marks as answering app links only routes that send no email (those have the app address already)', () => {
    const linking = table.filter((r) => r.appLinks);
    // The single sign-on routes: the redirect URI (our callback under the app's address) and the SPA they send the browser back to;
    // the passkey ceremonies: the relying party is the app's address (its host the RP id, its origin the origin checked).
    expect(ids(linking)).toEqual(['createB2bLink', 'exportBucketData', 'exportFile', 'getBasketExport', 'getCaseEvidencePack', 'getExportHistory', 'getSso', 'loginPasskey', 'passkeyLoginOptions', 'passkeyRegisterOptions', 'registerPasskey', 'reportSummary', 'ssoCallback', 'ssoSamlAcs', 'ssoStart', 'updateSso']);
    for (const r of linking) expect(r.grants, r.id).not.toContain('email:send');
  });
});
