/**
 * The error catalogue of the spec (000 §8), in exactly one place:
 * - 401 → /login?session=expired (the page is remembered as the deep link; nothing is cleared);
 *   on the B2B portal page, its "link ended" page instead;
 * - 403 `TERMS_NOT_ACCEPTED` → nothing more: the API client has opened /privacypolicy;
 * - a failed response with an empty body → 'Oops, blank response!';
 * - a body with a message → warning toast with it;
 * - otherwise a body with an errors list → error toast titled ERROR listing them;
 * - a plain string body → warning toast with it;
 * - anything else → 'Something went wrong, please try again!';
 * - no response at all → error toast with the network message.
 */
import { SECOND_FACTOR_REQUIRED, TERMS_NOT_ACCEPTED } from '@shared/constants';
import { MSG } from '@shared/messages';
import { paths } from '../config/paths';
import { ApiError, NetworkError } from './api-error';
import { rememberDeepLink } from './deep-link';
import { currentPathAndQuery, navigateTo } from './navigation';
import { portalUnauthorized } from './portal-session';
import { notify } from './notify';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function errorTexts(list: unknown[]): string[] {
  return list
    .map((e) => (typeof e === 'string' ? e : isRecord(e) && typeof e.message === 'string' ? e.message : isRecord(e) && typeof e.msg === 'string' ? e.msg : ''))
    .filter(Boolean);
}

/** 401 from any call: back to the login page, coming back here after the next login. */
export function expireSession(): void {
  // The B2B portal has no login to go back to: its page shows that the link ended.
  if (portalUnauthorized()) return;
  const here = currentPathAndQuery();
  if (!here.startsWith(paths.login)) rememberDeepLink(here);
  navigateTo(paths.sessionExpired, { replace: true });
}

/** Show what the catalogue says for a failed response body. */
export function showFailedBody(body: unknown): void {
  if (body === undefined || body === null || (typeof body === 'string' && !body.trim())) {
    notify.error(MSG.blankResponse);
    return;
  }
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message.trim()) {
      notify.warning(body.message);
      return;
    }
    const list = Array.isArray(body.errors) ? errorTexts(body.errors) : [];
    if (list.length) {
      notify.errorList('ERROR', list);
      return;
    }
  }
  // A plain text answer is shown as is; an HTML error page (a proxy's) is not a message.
  if (typeof body === 'string' && !/^\s*</.test(body)) {
    notify.warning(body.length > 300 ? `${body.slice(0, 300)}…` : body);
    return;
  }
  notify.error(MSG.genericError);
}

export function handleError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.status === 401) expireSession();
    else if (error.status === 403 && (error.code === TERMS_NOT_ACCEPTED || error.code === SECOND_FACTOR_REQUIRED)) return;
    else showFailedBody(error.body);
    return;
  }
  if (error instanceof NetworkError) {
    notify.error(error.message);
    return;
  }
  if ((error as Error | undefined)?.name === 'AbortError') return;
  console.error(error);
  notify.error(MSG.genericError);
}
