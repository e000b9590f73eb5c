import { describe, expect, it } from 'vitest';
import { afterLogin, denial, homeFor, isBrandAdminOrAdmin, themeColors } from '../../../web/src/lib/access';
import type { Session } from '../../../web/src/lib/session';

const brand = { _id: 'b1', name: 'Maison', slug: 'maison', colors: { bgColor: '#112233', textColor: 'not-a-colour', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' } };
const user = (roles: string[], extra: Record<string, unknown> = {}) => ({ _id: 'u1', name: 'U', email: 'u@x.test', roles: roles.map((name) => ({ name })), brand, policyFlag: false, ...extra }) as unknown as Session['user'];
const session = (u: Session['user'], extra: Partial<Session> = {}): Session => ({ token: 't', expiresAt: new Date(Date.now() + 60_000).toISOString(), user: u, actingBrand: null, ...extra });

describe('access rules', () => {
  it('counts ADMIN and BRAND_ADMIN (not a User) as who may delete contacts (000 §6)', () => {
    expect(isBrandAdminOrAdmin(user(['ADMIN']))).toBe(true);
    expect(isBrandAdminOrAdmin(user(['BRAND_ADMIN']))).toBe(true);
    expect(isBrandAdminOrAdmin(user(['User']))).toBe(false);
    expect(isBrandAdminOrAdmin(user([]))).toBe(false);
  });

  it('sends a visitor without a session to the login page for every guarded area', () => {
    expect(denial(null, 'admin')).toBe('login');
    expect(denial(null, 'dashboard')).toBe('login');
    expect(denial(null, 'session')).toBe('login');
    expect(denial(null, 'public')).toBeNull();
  });

  it('treats a session past its expiry as expired before any role check', () => {
    expect(denial(session(user(['ADMIN']), { expiresAt: new Date(Date.now() - 1000).toISOString() }), 'admin')).toBe('expired');
  });

  it('keeps a brand user out of the admin area and sends one who has not accepted the terms to them', () => {
    expect(denial(session(user(['User'])), 'admin')).toBe('login');
    expect(denial(session(user(['User'], { policyFlag: true })), 'dashboard')).toBe('terms');
    expect(denial(session(user(['User'])), 'dashboard')).toBeNull();
  });

  it('lets an admin into the dashboard only while acting as a brand', () => {
    const admin = user(['ADMIN'], { brand: null });
    expect(denial(session(admin), 'dashboard')).toBe('login');
    expect(denial(session(admin, { actingBrand: brand }), 'dashboard')).toBeNull();
  });

  it("holds an admin without a second factor at its security page, whatever it asked for (issue 26)", () => {
    const held = session(user(['ADMIN'], { brand: null }), { secondFactorRequired: true, actingBrand: brand });
    expect(denial(held, 'admin')).toBe('secondFactor');
    expect(denial(held, 'dashboard')).toBe('secondFactor');
    expect(homeFor(held)).toBe('/admin/security');
    expect(afterLogin(held, '/admin/post-office')).toBe('/admin/security');
    // Once set up, the same admin goes where it asked.
    const freed = { ...held, secondFactorRequired: false };
    expect(denial(freed, 'admin')).toBeNull();
    expect(afterLogin(freed, '/admin/post-office')).toBe('/admin/post-office');
    // The flag means nothing on a brand user's session.
    expect(denial(session(user(['User']), { secondFactorRequired: true }), 'dashboard')).toBeNull();
  });

  it('returns to a deep link after login only when the session may see it', () => {
    const u = session(user(['User']));
    expect(afterLogin(u, '/dashboard/stats?x=1')).toBe('/dashboard/stats?x=1');
    expect(afterLogin(u, '/admin/post-office')).toBe(homeFor(u));
    expect(homeFor(session(user(['ADMIN'])))).toBe('/admin/confirm');
  });

  it('uses the brand colours that are valid hex and the defaults for the others', () => {
    const c = themeColors(session(user(['User'])));
    expect(c.bgColor).toBe('#112233');
    expect(c.textColor).toBe('#ffffff');
  });
});
