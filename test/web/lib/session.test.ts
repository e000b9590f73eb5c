import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_KEY, clearSession, getSession, setSession, updateSession, type Session } from '../../../web/src/lib/session';

const s: Session = { token: 'tok', expiresAt: '2099-01-01T00:00:00.000Z', user: { _id: 'u1', name: 'U', roles: [{ name: 'User' }] } as unknown as Session['user'], actingBrand: null };

describe('session store', () => {
  beforeEach(() => clearSession());

  it('stores a login in localStorage and mirrors it into sessionStorage', () => {
    setSession(s);
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!)).toEqual(s);
    expect(sessionStorage.getItem(AUTH_KEY)).toBe(localStorage.getItem(AUTH_KEY));
    expect(getSession()?.token).toBe('tok');
  });

  it('merges an update (the acting brand) into the stored session', () => {
    setSession(s);
    updateSession({ actingBrand: { _id: 'b', name: 'B', slug: 'b' } });
    expect(JSON.parse(localStorage.getItem(AUTH_KEY)!).actingBrand.name).toBe('B');
  });

  it('clears both storages on logout', () => {
    setSession(s);
    clearSession();
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(sessionStorage.getItem(AUTH_KEY)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('follows a logout made in another tab', () => {
    setSession(s);
    localStorage.removeItem(AUTH_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_KEY, newValue: null }));
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem(AUTH_KEY)).toBeNull();
  });
});
