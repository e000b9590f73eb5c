import { DEFAULT_COLORS, ROLE } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { SSO_MSG } from '../../shared/messages/sso';
import { route } from '../../shared/routes/accounts';
import { slugify } from '../../shared/slug';
import type { BrandRecord } from '../brands';
import { refuseCommonPassword } from '../lib/common-passwords';
import { sendEmail } from '../lib/email';
import { activateAccountEmail, registrationAttemptEmail } from '../lib/email/accounts';
import { env } from '../lib/env';
import { ConflictError, ValidationError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { hashPassword } from '../lib/password';
import { newId } from '../lib/table';
import { listRoles } from '../roles';
import { ssoForEmail } from '../sso';
import { getUserByEmail, newUserRecord, roleRef, type UserRecord } from '../users';
import { createLink } from './links';
import { createBrandWithAdmin, isBrandNameTaken } from './registration.repo';
import { limitAddress } from './throttle';

/**
 * Free registration: a new brand for the company and its BRAND_ADMIN, pending until the
 * activation link (emailed) is used. Nobody joins an existing brand by registering.
 *
 * User, email reservation, brand, name and slug reservations are written in ONE transaction.
 * A brand name that folds to an existing one is refused (409: company names are not secret), and
 * that is decided BEFORE the email is looked at; a taken email gets exactly the answer of a new
 * registration and its owner an email, so the answer never tells whether an address has an account.
 */
export const handler = httpHandler(route('register'), async ({ body, event }) => {
  await limitAddress(event);
  await refuseCommonPassword(body.password);
  const email = body.email.toLowerCase();
  // An address of a brand's single sign-on domain signs in at its company, never registers (issue 36): told by the domain alone.
  const sso = await ssoForEmail(email);
  if (sso) throw new ValidationError(SSO_MSG.registerRefused(sso.label), [{ path: 'email', message: SSO_MSG.registerRefused(sso.label) }]);
  const now = new Date().toISOString();
  const brandId = newId();
  const userId = newId();
  const slug = slugify(body.company) || `brand-${brandId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const passwordHash = await hashPassword(body.password);
  if (await isBrandNameTaken(body.company, slug)) throw new ConflictError(MSG.brandNameTaken);

  const existing = await getUserByEmail(email);
  if (existing) {
    await tellOwner(existing);
    return respond(201, { message: MSG.registered });
  }
  const role = (await listRoles()).find((r) => r.name === ROLE.BRAND_ADMIN);
  if (!role) throw new Error('BRAND_ADMIN role is missing: the table is not seeded');
  const user = newUserRecord({ _id: userId, firstname: body.firstName, lastname: body.lastName, email, passwordHash, roles: [roleRef(role)], brand: brandId, status: 'pending' }, new Date(now));
  const brand: BrandRecord = {
    _id: brandId,
    name: body.company,
    slug,
    colors: { ...DEFAULT_COLORS },
    contact: { email, name: `${body.firstName} ${body.lastName}` },
    retailers: [],
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await createBrandWithAdmin(user, brand);
  if (outcome === 'nameTaken') throw new ConflictError(MSG.brandNameTaken);
  if (outcome === 'emailTaken') {
    // Registered meanwhile (a race): the same answer as above.
    const owner = await getUserByEmail(email);
    if (owner) await tellOwner(owner);
    return respond(201, { message: MSG.registered });
  }
  const link = await createLink(userId, 'activate');
  await sendEmail({ to: [email], ...activateAccountEmail({ firstName: body.firstName, company: body.company, link }) });
  return respond(201, { message: MSG.registered });
});

/** The address already has an account: tell its owner, not the caller. */
async function tellOwner(owner: UserRecord): Promise<void> {
  await sendEmail({ to: [owner.email], ...registrationAttemptEmail({ firstName: owner.firstname, appUrl: env.appUrl }) });
}
