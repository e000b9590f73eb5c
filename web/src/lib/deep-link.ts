/**
 * The deep link (001 §2, §6): the path and query an unauthenticated visit wanted, kept for the
 * tab until the next login uses it.
 */
const KEY = 'deepLink';

export function rememberDeepLink(pathAndQuery: string): void {
  if (!pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//')) return;
  try {
    window.sessionStorage.setItem(KEY, pathAndQuery);
  } catch {
    /* storage disabled: no deep link */
  }
}

export function peekDeepLink(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Read and forget. */
export function takeDeepLink(): string | null {
  const value = peekDeepLink();
  clearDeepLink();
  return value;
}

export function clearDeepLink(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
