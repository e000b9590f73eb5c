/**
 * The signed-in session (000 §4): kept in localStorage under the auth key and mirrored into
 * sessionStorage. A tiny external store, read with `useSession()`, so every guard and screen
 * follows a login, a logout or a change made in another tab.
 */
import { useSyncExternalStore } from 'react';
import type { Colors, PublicUser } from '@shared/types';

export const AUTH_KEY = 'auth';

/** The brand an ADMIN acts for after choosing 'Brand User' on /admin/confirm (001 §2). */
export interface ActingBrand {
  _id: string;
  name: string;
  slug: string;
  logo?: string;
  colors?: Colors;
}

export interface Session {
  token: string;
  expiresAt: string;
  user: PublicUser;
  actingBrand?: ActingBrand | null;
  /**
   * An ADMIN without a second factor (issue 26): the login said so, or a call met 403
   * SECOND_FACTOR_REQUIRED. Until the setup is done only /admin/security is open.
   */
  secondFactorRequired?: boolean;
}

function storages(): Storage[] {
  const out: Storage[] = [];
  for (const get of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      out.push(get());
    } catch {
      /* storage disabled (privacy mode): skip it */
    }
  }
  return out;
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Session> | null;
    if (!v || typeof v.token !== 'string' || !v.token || !v.user || typeof v.user._id !== 'string' || !Array.isArray(v.user.roles)) return null;
    return { token: v.token, expiresAt: typeof v.expiresAt === 'string' ? v.expiresAt : '', user: v.user, actingBrand: v.actingBrand ?? null, ...(v.secondFactorRequired === true ? { secondFactorRequired: true } : {}) };
  } catch {
    return null;
  }
}

/** localStorage is the source; sessionStorage is the mirror (used when localStorage is unavailable). */
function read(): Session | null {
  for (const s of storages()) {
    const found = parse(s.getItem(AUTH_KEY));
    if (found) return found;
  }
  return null;
}

let current: Session | null = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function getSession(): Session | null {
  return current;
}

export function setSession(next: Session): void {
  current = next;
  const raw = JSON.stringify(next);
  for (const s of storages()) s.setItem(AUTH_KEY, raw);
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  current = null;
  for (const s of storages()) s.removeItem(AUTH_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it (a logout there also drops this tab's mirror).
  window.addEventListener('storage', (e) => {
    if (e.key !== AUTH_KEY && e.key !== null) return;
    if (e.key === AUTH_KEY && e.newValue === null) {
      clearSession();
      return;
    }
    current = read();
    emit();
  });
}
