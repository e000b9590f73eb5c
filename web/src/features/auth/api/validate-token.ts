/** GET /validateToken?token= (000 §7): is a reset or activation link still usable? */
import useSWR, { type SWRConfiguration } from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

/** The link is usable, and what it is for (reset or activate). */
export type TokenState = ResponseOf<'validateToken'>;

export const VALIDATE_TOKEN_KEY = 'validateToken';

export function validateToken(token: string): Promise<TokenState> {
  return api('validateToken', { query: { token } });
}

/** Checked once per page load: a link is not re-validated on focus or retried on failure. */
export function useValidateToken(token: string | null, onError: (e: unknown) => void) {
  const config: SWRConfiguration<TokenState> = {
    onError,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  };
  return useSWR(token ? [VALIDATE_TOKEN_KEY, token] : null, ([, t]: [string, string]) => validateToken(t), config);
}
