import { ROLE } from '../../shared/constants';
import { CONTACTS_IO_MSG as M } from '../../shared/messages/contacts-import';
import type { AuthContext } from '../lib/http/auth';
import { ForbiddenError } from '../lib/http/errors';

/** Who may read the brand's contacts whole (export, count, history, files): not a User limited to some retailers. */
export function assertSeesAll(auth: AuthContext): void {
  if (auth.role === ROLE.USER && auth.retailers.length > 0) throw new ForbiddenError(M.restricted);
}
