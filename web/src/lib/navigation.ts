/**
 * Navigation for code outside React components (the error handler's 401 redirect). The router
 * registers itself at start-up; before that, a full page load does the job.
 */
export type Navigator = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigator = (to, opts) => (opts?.replace ? window.location.replace(to) : window.location.assign(to));

export function setNavigator(fn: Navigator): void {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}

export function currentPathAndQuery(): string {
  return window.location.pathname + window.location.search;
}
