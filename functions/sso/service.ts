/**
 * The end of a single sign-on (issue 26 step 3): the provider's verified email, of one of the
 * brand's VERIFIED domains (issue 36), gives the brand's user, an account made as a User of the brand (just-in-time,
 * when the brand chose it), or a refusal. A user of another brand, a site admin, or a deactivated
 * account is refused. A free registration of the address never activated gives way (issue 36).
 */
import { randomBytes } from 'node:crypto';
import { ROLE } from '../../shared/constants';
import { SSO_MSG, type SsoErrorKey } from '../../shared/messages/sso';
import { removeUnprovenRegistration, unprovenRegistration } from '../auth';
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
  let found = await getUserByEmail(claims.email);
  // A free registration of this address never activated (issue 36): nothing proved its registrant
  // holds the mailbox, and the provider just did. It is removed, and the sign-in goes on as if it
  // had never been (just in time, or noAccount), so a squat never blocks the person's SSO.
  const squat = found && found.brand !== config.brandId ? await unprovenRegistration(found) : undefined;
  if (found && squat) {
    const removed = await removeUnprovenRegistration(found, squat);
    logger.warn('sso: a pending registration of this address was removed', { brand: config.brandId, user: found._id, registeredBrand: squat._id, removed });
    found = removed ? undefined : await getUserByEmail(claims.email);
  }
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
