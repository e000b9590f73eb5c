import { route } from '../../shared/routes/passkeys';
import { limitAddress, requestTime } from '../auth';
import { httpHandler } from '../http';
import { authenticationOptions } from './webauthn';

/**
 * The options of a passkey sign-in (public; issue 26 step 2): a challenge kept server-side for
 * PASSKEY.challengeMinutes and taken once by POST /passkeys/login, discoverable credentials (no
 * account named), user verification required. Counted per address as the other sign-in routes.
 */
export const handler = httpHandler(route('passkeyLoginOptions'), async ({ event }) => {
  await limitAddress(event);
  return authenticationOptions(requestTime(event));
});
