/** GET /captcha (ours, docs/decisions.md "Captcha"): the local signed question, or reCAPTCHA's site key. A fresh one after every attempt. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const CAPTCHA_KEY = 'captcha';

export function useCaptcha() {
  // Never reused from the cache: a challenge is single-use.
  return useSWR(CAPTCHA_KEY, () => api('getCaptcha'), { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 0 });
}
