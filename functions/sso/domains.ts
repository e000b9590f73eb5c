/**
 * Email domains of single sign-on: their one spelling (lower case, IDN to punycode: a look-alike
 * in another script is another domain), the public mail providers no brand may claim, and what an
 * email's domain says (its brand's provider, whether a password is still allowed). By the domain
 * only: never whether an account exists.
 */
import { domainToASCII } from 'node:url';
import { ROLE } from '../../shared/constants';
import { PUBLIC_MAIL_DOMAINS, SSO_MSG as M } from '../../shared/messages/sso';
import { getBrand } from '../brands';
import { domainOwner, getSsoConfig, type SsoConfig } from './sso.repo';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain as stored, or undefined when it is no domain (punycode labels, at least two, a letter TLD). */
export function normaliseDomain(typed: string): string | undefined {
  const trimmed = typed.trim().replace(/^@/, '').replace(/\.$/, '');
  if (!trimmed || /[\s/@:]/.test(trimmed)) return undefined;
  const ascii = domainToASCII(trimmed.toLowerCase());
  if (!ascii || ascii.length > 253) return undefined;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^(xn--[a-z0-9-]+|[a-z]{2,63})$/.test(labels.at(-1)!)) return undefined;
  return ascii;
}

export const isPublicMailDomain = (domain: string) => PUBLIC_MAIL_DOMAINS.includes(domain);

/** The domain of an email address as stored, or undefined. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  return at > 0 ? normaliseDomain(email.slice(at + 1)) : undefined;
}

export interface EmailSso {
  config: SsoConfig;
  /** What the login offers: "Continue with <label>". */
  label: string;
}

/** The brand single sign-on of an email's domain (GetItem SSODOMAIN#, then the brand's config and name), if any. */
export async function ssoForEmail(email: string): Promise<EmailSso | undefined> {
  const domain = emailDomain(email);
  if (!domain) return undefined;
  const brandId = await domainOwner(domain);
  if (!brandId) return undefined;
  const [config, brand] = await Promise.all([getSsoConfig(brandId), getBrand(brandId)]);
  if (!config || !config.domains.includes(domain)) return undefined;
  return { config, label: brand?.name ?? 'your company' };
}

/** An account as single sign-on's rules read it. */
export interface SsoAccount {
  brand: string | null;
  roles: readonly { name: string }[];
}

/**
 * Whether a brand's mandatory single sign-on holds an account: the brand's own people only (its
 * brand's account, not a site ADMIN). An admin, or another brand's account, of a domain the
 * brand verified keeps its password (issue 36): they are listed to the brand, not locked.
 */
export const heldBySso = (sso: EmailSso, user: SsoAccount): boolean => sso.config.mandatory && user.brand === sso.config.brandId && !user.roles.some((r) => r.name === ROLE.ADMIN);

/** The brand single sign-on of an email's domain when that brand made it mandatory, if so (by the domain only). */
export async function mandatorySso(email: string): Promise<EmailSso | undefined> {
  const sso = await ssoForEmail(email);
  return sso?.config.mandatory ? sso : undefined;
}

/**
 * The message refusing a password, if so: the email's domain is a brand's with single sign-on
 * mandatory and `user` is not an account it spares. `user` undefined stands for "no account
 * shown to be exempt" (unknown, or its password not proven): refused, so a stranger learns
 * nothing about accounts of the domain.
 */
export async function passwordRefusal(email: string, user: SsoAccount | undefined): Promise<string | undefined> {
  const sso = await mandatorySso(email);
  if (!sso || (user && !heldBySso(sso, user))) return undefined;
  return M.passwordRefused(sso.label);
}

/** The mandatory single sign-on that holds an account (its own brand's, of its email's domain; never an ADMIN's), if any. */
export async function ssoHolding(user: SsoAccount & { email: string }): Promise<EmailSso | undefined> {
  const sso = await mandatorySso(user.email.toLowerCase());
  return sso && heldBySso(sso, user) ? sso : undefined;
}
