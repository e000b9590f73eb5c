/**
 * Two-step sign-in of the signed-in user (issue 26): its state (GET /mfa) and the calls that
 * change it, each refreshing the state after a 2xx. The screen catches the errors and shows them
 * under its field (a wrong code) or as the catalogue says (handle-error.ts).
 */
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';

export const MFA_STATUS_KEY = 'mfa-status';

export function useMfaStatus() {
  return useSWR(MFA_STATUS_KEY, () => api('getMfaStatus'), { revalidateOnFocus: false });
}

/** The calls of the settings; each answers what the server answered and refreshes the state. */
export function useMfaActions() {
  const { mutate } = useSWRConfig();
  const refresh = () => void mutate(MFA_STATUS_KEY);
  return {
    /** A new secret to scan (nothing is on until `confirm`). */
    setup: () => api('setupTotp'),
    confirm: async (code: string) => {
      const out = await api('confirmTotp', { body: { code } });
      refresh();
      return out;
    },
    renewCodes: async (code: string) => {
      const out = await api('renewRecoveryCodes', { body: { code } });
      refresh();
      return out;
    },
    disable: async (code: string) => {
      const out = await api('disableTotp', { body: { code } });
      refresh();
      return out;
    },
  };
}
