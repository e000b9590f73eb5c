/**
 * The signed-in user's passkeys (issue 26 step 2): the list (GET /passkeys) and the calls that
 * change it, each refreshing the list. Adding one asks the browser (navigator.credentials.create()
 * through @simplewebauthn/browser, loaded with the first add: not with the page).
 */
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';

export const PASSKEYS_KEY = 'passkeys';

export function usePasskeys() {
  return useSWR(PASSKEYS_KEY, () => api('listPasskeys'), { revalidateOnFocus: false });
}

export function usePasskeyActions() {
  const { mutate } = useSWRConfig();
  const refresh = () => void mutate(PASSKEYS_KEY);
  return {
    /** A new passkey named `name`: the server's options, the browser's ceremony, the server's check. */
    add: async (name: string) => {
      const [{ startRegistration }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), api('passkeyRegisterOptions')]);
      const response = await startRegistration({ optionsJSON });
      const out = await api('registerPasskey', { body: { name, response } });
      refresh();
      return out;
    },
    rename: async (credentialId: string, name: string) => {
      const out = await api('renamePasskey', { params: { credentialId }, body: { name } });
      refresh();
      return out;
    },
    remove: async (credentialId: string) => {
      const out = await api('deletePasskey', { params: { credentialId } });
      refresh();
      return out;
    },
  };
}

/** What a browser's refusal means to the user: cancelled (or timed out), this device already has one, or no passkeys here. */
export function ceremonyRefusal(e: unknown): 'cancelled' | 'exists' | 'unsupported' | undefined {
  const err = e as { name?: string; code?: string } | undefined;
  if (err?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || err?.name === 'InvalidStateError') return 'exists';
  if (err?.name === 'NotAllowedError' || err?.name === 'AbortError' || err?.code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (err?.name === 'NotSupportedError' || (err instanceof Error && /WebAuthn is not supported/i.test(err.message))) return 'unsupported';
  return undefined;
}
