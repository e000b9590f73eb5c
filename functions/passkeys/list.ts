import { PASSKEY } from '../../shared/messages/passkeys';
import { route } from '../../shared/routes/passkeys';
import { httpHandler } from '../http';
import { listPasskeys } from './passkeys.repo';
import { toSummary } from './present';

/** The signed-in user's passkeys, oldest first (name, added, last used): My Account › Passkeys. */
export const handler = httpHandler(route('listPasskeys'), async ({ auth }) => ({ passkeys: (await listPasskeys(auth.sub)).map(toSummary), max: PASSKEY.maxPerUser }));
