/**
 * The B2B portal's session (docs/decisions.md "B2B portal"): while the portal page is open, the
 * API client sends its portal token instead of any signed-in user's, and a 401 ends the portal
 * (the page shows that the link ended) instead of sending the browser to /login.
 */
let token: string | null = null;
let onEnded: (() => void) | null = null;

/** The portal token in use, or null outside the portal. */
export const portalToken = (): string | null => token;

export function startPortal(next: string, ended: () => void): void {
  token = next;
  onEnded = ended;
}

export function stopPortal(): void {
  token = null;
  onEnded = null;
}

/** A call of the portal answered 401: true when the portal took it (its page decides what to show). */
export function portalUnauthorized(): boolean {
  if (!token || !onEnded) return false;
  onEnded();
  return true;
}
