/**
 * The end of a single sign-on (issue 26 step 3): the provider's verified email, of one of the
 * brand's VERIFIED domains (issue 36), gives the brand's user, an account made as a User of the brand (just-in-time,
 * when the brand chose it), or a refusal. A user of another brand, a site admin, or a deactivated
 * account is refused.
 */
import { randomBytes } from 'node:crypto';
import { ROLE } from '../../shared/constants';
import { SSO_MSG, type SsoErrorKey } from '../../shared/messages/sso';
import { hashPassword } from '../lib/password';
import { logger } from '../lib/logger';
import { listRoles } from '../roles';
import { createUser, getSessionUser, getUserByEmail, newUserRecord, roleRef, updateUserFields, type UserRecord } from '../users';
import { emailDomain } from './domains';
import type { SignedInClaims } from './oidc';
import { domainOwner, type SsoConfig } from './sso.repo';

/** A refused sign-in: the login page shows SSO_MSG[key]. */
export class SsoRefusal extends Error {
  constructor(
    readonly key: SsoErrorKey,
    detail?: string,
  ) {
    super(detail ?? SSO_MSG[key] as string);
  }
}

export async function ssoUser(config: SsoConfig, claims: SignedInClaims): Promise<UserRecord> {
  if (!claims.emailVerified) throw new SsoRefusal('emailUnverified');
  const domain = emailDomain(claims.email);
  if (!domain || !config.domains.includes(domain)) throw new SsoRefusal('wrongDomain', `domain ${domain ?? '(none)'} is not among ${config.domains.join(', ')}`);
  // Only a domain this brand verified (SSODOMAIN# is written at verification only): a pending one proves nothing.
  if ((await domainOwner(domain)) !== config.brandId) throw new SsoRefusal('wrongDomain', `domain ${domain} is not verified by ${config.brandId}`);
  const found = await getUserByEmail(claims.email);
  if (found) {
    if (found.brand !== config.brandId || found.roles.some((r) => r.name === ROLE.ADMIN)) throw new SsoRefusal('otherBrand', `user ${found._id} of ${found.brand ?? 'no brand'}`);
    if (found.status === 'disabled') throw new SsoRefusal('accountDisabled');
    // An invitation not yet accepted: the provider proved the address, as the activation link would have.
    if (found.status === 'pending') await updateUserFields(found._id, { status: 'active' });
    return found.status === 'pending' ? ((await getSessionUser(found._id)) ?? found) : found;
  }
  if (config.jit !== 'create') throw new SsoRefusal('noAccount');
  const local = claims.email.slice(0, claims.email.lastIndexOf('@'));
  const firstname = (claims.givenName ?? claims.name?.split(' ')[0] ?? local).slice(0, 50);
  const lastname = (claims.familyName ?? claims.name?.split(' ').slice(1).join(' ') ?? '').slice(0, 50);
  const role = (await listRoles()).find((r) => r.name === ROLE.USER);
  if (!role) throw new Error('User role is missing: the table is not seeded');
  const user = newUserRecord({
    firstname,
    lastname,
    email: claims.email,
    // No password of ours: a random one nobody knows (a reset may set one where SSO is not mandatory).
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    roles: [roleRef(role)],
    brand: config.brandId,
    // The provider proved the address; as every new account, the terms first.
    status: 'active',
  });
  try {
    await createUser(user);
  } catch (e) {
    // Two first sign-ins at once: the other made the account.
    const again = await getUserByEmail(claims.email);
    if (again?.brand === config.brandId) return again;
    throw e;
  }
  logger.info('sso: user created just in time', { brand: config.brandId, user: user._id });
  return user;
}
