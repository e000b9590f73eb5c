/**
 * Email domains of single sign-on: their one spelling (lower case, IDN to punycode: a look-alike
 * in another script is another domain), the domains no brand may add (public suffixes, public mail
 * providers, this product's own, one within or above another brand's verified domain), and what
 * an email's domain says (its brand's provider, whether a password is still allowed): only a
 * VERIFIED domain says anything (SSODOMAIN# exists iff verified). By the domain only: never
 * whether an account exists.
 */
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import { ROLE } from '../../shared/constants';
import { SSO_MSG as M } from '../../shared/messages/sso';
import { getBrand } from '../brands';
import { env } from '../lib/env';
import { isPublicMailProvider } from '../lib/email-providers';
import { domainOwner, getSsoConfig, registrableOf, verifiedUnder, type SsoConfig } from './sso.repo';

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

/** A public suffix, or a private suffix anyone can register under (co.uk, github.io): the public suffix list through tldts. */
export const isPublicSuffix = (domain: string): boolean => parse(domain, { allowPrivateDomains: true }).domain === null;

/** `a` is `b`, or a subdomain or a parent of it. */
export const related = (a: string, b: string): boolean => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/**
 * This product's own domains: the host of APP_URL and the domain of the sender (SES_FROM where the
 * function sends email, else SENDER_ADDRESS: the same address, bound without the right to send), their
 * registrable domains (a parent or subdomain within them is refused too, by `related`).
 */
function productDomains(): string[] {
  const hosts = [process.env.APP_URL ? new URL(env.appUrl).hostname : '', emailDomain(process.env.SES_FROM ?? process.env.SENDER_ADDRESS ?? '') ?? ''].filter(Boolean);
  return [...new Set(hosts.flatMap((h) => [h, registrableOf(h)]))];
}

/**
 * Why `domain` (normalised) cannot be a single sign-on domain of `brandId`, if it cannot: a
 * suffix, a public mail provider, this product's own, or one within or above a domain another
 * brand verified (one Query of its registrable domain's SSOREG# items; `under` when read already).
 */
export async function domainRefusal(domain: string, brandId: string, under?: Awaited<ReturnType<typeof verifiedUnder>>): Promise<string | undefined> {
  if (isPublicSuffix(domain)) return M.domainSuffix(domain);
  if (await isPublicMailProvider(domain)) return M.domainPublic(domain);
  if (productDomains().some((p) => related(domain, p))) return M.domainProduct(domain);
  const other = (under ?? (await verifiedUnder(registrableOf(domain)))).domains.find((v) => v.brandId !== brandId && related(domain, v.domain));
  if (other) return other.domain === domain ? M.domainTaken(domain) : M.domainRelated(domain, other.domain);
  return undefined;
}

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
