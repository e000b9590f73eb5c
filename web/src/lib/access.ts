/**
 * Who may see which page (000 §2, §4, §6; 001 §2, §6), in one place: the route guards and the
 * redirect after login both ask these functions.
 */
import { matchPath } from 'react-router-dom';
import { DEFAULT_COLORS, ROLE } from '@shared/constants';
import type { Colors, PublicUser } from '@shared/types';
import { paths } from '../config/paths';
import type { ActingBrand, Session } from './session';

export type Area = 'public' | 'session' | 'admin' | 'dashboard';

/** What a guard does when the session may not see an area. */
export type Denial = 'login' | 'expired' | 'terms' | 'secondFactor' | null;

export const isAdmin = (user: PublicUser): boolean => user.roles.some((r) => r.name === ROLE.ADMIN);
/** BRAND_ADMIN, or ADMIN (acting for a brand): who may issue and revoke B2B portal links. */
export const isBrandAdmin = (user: PublicUser): boolean => user.roles.some((r) => r.name === ROLE.ADMIN || r.name === ROLE.BRAND_ADMIN);

/** ADMIN or BRAND_ADMIN: e.g. who may delete contacts (000 §6). */
export const isBrandAdminOrAdmin = (user: PublicUser): boolean => user.roles.some((r) => r.name === ROLE.ADMIN || r.name === ROLE.BRAND_ADMIN);

/** A session whose expiry has passed (the server would answer 401). */
export function isExpired(session: Session, now = Date.now()): boolean {
  const at = Date.parse(session.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** The brand the session works for: a brand user's own, or the one an ADMIN acts for. */
export function effectiveBrand(session: Session): ActingBrand | PublicUser['brand'] {
  return isAdmin(session.user) ? (session.actingBrand ?? null) : session.user.brand;
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Theme colours of the effective brand, each falling back to the spec default (000 §9). */
export function themeColors(session: Session | null): Colors {
  const brand = session ? effectiveBrand(session) : null;
  return brandColors(brand?.colors);
}

/** A brand's colours, each falling back to the spec default (000 §9) when missing or not a hex colour. */
export function brandColors(colors: Partial<Colors> | undefined): Colors {
  const pick = (k: keyof Colors): string => {
    const v = colors?.[k];
    return typeof v === 'string' && HEX.test(v.trim()) ? v.trim() : DEFAULT_COLORS[k];
  };
  return { bgColor: pick('bgColor'), textColor: pick('textColor'), hoverColor: pick('hoverColor'), summaryPageSectionColor: pick('summaryPageSectionColor') };
}

export function areaOf(pathname: string): Area {
  if (pathname === paths.admin.home || pathname.startsWith(`${paths.admin.home}/`)) return 'admin';
  if (pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`)) return 'dashboard';
  if (matchPath(paths.privacyPolicy, pathname)) return 'session';
  return 'public';
}

export function denial(session: Session | null, area: Area): Denial {
  if (area === 'public') return null;
  if (!session) return 'login';
  if (isExpired(session)) return 'expired';
  if (area === 'admin' && !isAdmin(session.user)) return 'login';
  if (session.secondFactorRequired && isAdmin(session.user)) return 'secondFactor';
  if (area === 'dashboard') {
    if (!effectiveBrand(session)) return 'login';
    if (session.user.policyFlag && !isAdmin(session.user)) return 'terms';
  }
  return null;
}

export function canVisit(session: Session | null, pathAndQuery: string): boolean {
  const pathname = pathAndQuery.split(/[?#]/)[0] ?? '';
  const area = areaOf(pathname);
  return area !== 'public' && denial(session, area) === null;
}

/** Where a signed-in session starts (000 §4): admin → chooser (its second factor's setup first: issue 26), terms to accept → terms, else summary. */
export function homeFor(session: Session): string {
  if (isAdmin(session.user) && session.secondFactorRequired) return paths.admin.security;
  if (isAdmin(session.user)) return paths.admin.confirm;
  if (session.user.policyFlag) return paths.privacyPolicy;
  return paths.dashboard.summary;
}

/** After a login: the remembered deep link when this session may see it, else its home. */
export function afterLogin(session: Session, deepLink: string | null): string {
  return deepLink && canVisit(session, deepLink) ? deepLink : homeFor(session);
}
