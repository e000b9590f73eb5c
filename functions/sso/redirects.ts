/** Where a sign-in's browser is sent: the SPA's landing page with the one-time code, or the login page with a refusal's key. */
import { SSO, type SsoErrorKey } from '../../shared/messages/sso';
import { respond } from '../http';
import { env } from '../lib/env';

const headers = (location: string) => ({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });

/** 302 to the login page, which shows SSO_MSG[key]. */
export const toLogin = (key: SsoErrorKey) => respond(302, undefined, headers(`${env.appUrl}/login?sso=${key}`));
/** 302 to the SPA's landing page; the code is in the fragment (never sent to a server, never in a log). */
export const toLanding = (code: string) => respond(302, undefined, headers(`${env.appUrl}${SSO.landingPath}#code=${encodeURIComponent(code)}`));
/** 302 to the provider (with the sign-in's binder cookie: ./binder.ts). */
export const toProvider = (url: string, cookies?: string[]) => respond(302, undefined, headers(url), cookies);
