/** Who sees Settings → Contacts (docs/decisions.md "Contacts import and export"); kept apart so the Settings shell imports it without the tab. */
import { ROLE } from '@shared/constants';
import { isBrandAdminOrAdmin } from '../../lib/access';
import type { Session } from '../../lib/session';

/** BRAND_ADMIN, ADMIN, or a User with no assigned retailers (who sees them all). */
export const canSeeContactsTab = (session: Session): boolean =>
  isBrandAdminOrAdmin(session.user) || (session.user.roles.some((r) => r.name === ROLE.USER) && session.user.associated_retailers.length === 0);
