import { DEFAULT_COLORS } from '../../shared/constants';
import type { PublicUser } from '../../shared/types';
import type { BrandRecord } from '../brands';
import type { UserRecord } from './users.repo';

/** Who a user is, as every answer about a user starts: its id, names, address and roles. */
export const userIdentity = (u: UserRecord) => ({ _id: u._id, name: u.name, firstname: u.firstname, lastname: u.lastname, email: u.email, roles: u.roles });

/** The user as the API shows it: never the hash, the lock state or the keys. */
export function toPublicUser(u: UserRecord, brand?: BrandRecord): PublicUser {
  return {
    ...userIdentity(u),
    brand: brand
      ? {
          _id: brand._id,
          name: brand.name,
          slug: brand.slug,
          logo: brand.logo,
          colors: { ...DEFAULT_COLORS, ...brand.colors },
          contact: brand.contact,
          company_email_bcc: brand.company_email_bcc,
        }
      : null,
    associated_retailers: u.associated_retailers.map((_id) => ({ _id })),
    notify: u.notify,
    user_email_bcc: u.user_email_bcc,
    emailFrequency: u.emailFrequency,
    policyFlag: u.policyFlag,
  };
}
