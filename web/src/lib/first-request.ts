/**
 * The first API read of a page, started before the app by the pre-entry script (web/vite.config.ts
 * `FIRST_REQUESTS`): handed once to the app's first GET of the same URL with the same token, within
 * a few seconds of the page opening; anything else goes to the network as usual.
 */
interface FirstRequest {
  url: string;
  token: string;
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __firstRequest?: FirstRequest;
  }
}

/** Older than this, the answer may be stale: the app asks again. */
const FRESH_MS = 10_000;

export function takeFirstRequest(method: string, url: string, token: string | undefined): Promise<Response> | undefined {
  if (typeof window === 'undefined' || method !== 'GET' || !token) return undefined;
  const pending = window.__firstRequest;
  if (!pending) return undefined;
  if (Date.now() - pending.at > FRESH_MS) {
    delete window.__firstRequest;
    return undefined;
  }
  if (pending.url !== url || pending.token !== token) return undefined;
  delete window.__firstRequest;
  return pending.response;
}
