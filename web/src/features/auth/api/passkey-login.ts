/**
 * A passkey sign-in (issue 26 step 2): the server's options (a challenge it keeps), the browser's
 * navigator.credentials.get() through @simplewebauthn/browser (discoverable: the browser offers
 * this site's passkeys), then POST /passkeys/login, which answers the session POST /login does.
 * Its own chunk, loaded when the login page's passkey button is used (or hovered, focused).
 */
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

/** The browser said no: no passkeys here, or the person closed its prompt (or it timed out). */
export class PasskeyCeremonyError extends Error {
  constructor(readonly reason: 'unsupported' | 'cancelled') {
    super(reason);
  }
}

export async function passkeyLogin(): Promise<ResponseOf<'loginPasskey'>> {
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  const optionsJSON = await api('passkeyLoginOptions', { body: {} });
  let response;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'NotAllowedError' || name === 'AbortError') throw new PasskeyCeremonyError('cancelled');
    throw e;
  }
  return api('loginPasskey', { body: { response } });
}
