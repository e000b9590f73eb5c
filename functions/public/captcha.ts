/**
 * The demo form's captcha (docs/decisions.md "Captcha"): one interface, two implementations,
 * chosen by configuration (`CAPTCHA_PROVIDER`):
 * - `local` (the default; `npm start` and the tests): an arithmetic question issued by the API
 *   (GET /captcha). Its token carries the challenge id and expiry, a tag that proves we issued it,
 *   and an HMAC of the answer (the key derived from the session secret): the answer is not in the
 *   token and nothing is stored until it is used. Each challenge is used once (a conditional put of
 *   its id, with TTL), whether the answer was right or not: no replay, no second guess.
 * - `recaptcha` (AWS, when configured): Google's reCAPTCHA v2 checkbox; the response is verified
 *   with Google's siteverify call, the only outbound call of the product, made only in this mode.
 *   The secret comes from `RECAPTCHA_SECRET_ARN` (Secrets Manager) or `RECAPTCHA_SECRET`.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PUBLIC_MSG } from '../../shared/messages/public';
import type { CaptchaChallenge } from '../../shared/schemas/public';
import { HttpError, ValidationError } from '../lib/http/errors';
import { derivedKey } from '../lib/jwt';
import { logger } from '../lib/logger';
import { readSecretString } from '../lib/secrets';
import { spendCaptcha } from './captcha.repo';

export interface CaptchaProvider {
  /** What the form shows. */
  challenge(): Promise<CaptchaChallenge>;
  /** Resolves when the visitor passed; a 400 with the reason otherwise. */
  verify(answer: { response: string; token?: string }, remoteIp: string): Promise<void>;
}

/** How long a local challenge may be answered. */
export const LOCAL_CAPTCHA_SECONDS = 10 * 60;
const b64 = (b: Buffer) => b.toString('base64url');
const refuse = (message: string): never => {
  throw new ValidationError(message, [{ path: 'recaptcha', message }]);
};

/** The local provider; `now` and `key` are injectable for the unit tests. */
export function localCaptcha(opts: { key?: () => Promise<Buffer>; now?: () => number } = {}): CaptchaProvider {
  const getKey = opts.key ?? (() => derivedKey('captcha'));
  const now = opts.now ?? Date.now;
  const mac = (k: Buffer, s: string) => b64(createHmac('sha256', k).update(s).digest());
  return {
    async challenge() {
      const a = randomInt(2, 20);
      const b = randomInt(1, 10);
      const id = b64(randomBytes(16));
      const exp = Math.floor(now() / 1000) + LOCAL_CAPTCHA_SECONDS;
      const k = await getKey();
      const head = `v1.${id}.${exp}`;
      const token = `${head}.${mac(k, `tag.${head}`).slice(0, 22)}.${mac(k, `answer.${head}.${a + b}`)}`;
      return { provider: 'local', token, question: `What is ${a} + ${b}?`, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verify({ response, token }) {
      const m = /^v1\.([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
      if (!m) return refuse(PUBLIC_MSG.captchaWrong);
      const [, id, expText, tag, answerMac] = m as unknown as [string, string, string, string, string];
      const head = `v1.${id}.${expText}`;
      const k = await getKey();
      const same = (x: string, y: string) => x.length === y.length && timingSafeEqual(Buffer.from(x), Buffer.from(y));
      // Not ours: refused before anything is written.
      if (!same(tag, mac(k, `tag.${head}`).slice(0, 22))) return refuse(PUBLIC_MSG.captchaWrong);
      const exp = Number(expText);
      if (exp * 1000 <= now()) return refuse(PUBLIC_MSG.captchaExpired);
      // Used once, right or wrong.
      if (!(await spendCaptcha(id, exp))) return refuse(PUBLIC_MSG.captchaUsed);
      const given = response.trim();
      if (!/^-?\d{1,4}$/.test(given) || !same(answerMac, mac(k, `answer.${head}.${Number(given)}`))) return refuse(PUBLIC_MSG.captchaWrong);
    },
  };
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** The reCAPTCHA v2 provider; `fetchFn` is injectable for the unit tests. */
export function recaptcha(opts: { siteKey: string; secret: () => Promise<string>; fetchFn?: typeof fetch }): CaptchaProvider {
  const fetchFn = opts.fetchFn ?? fetch;
  return {
    challenge: () => Promise.resolve({ provider: 'recaptcha', siteKey: opts.siteKey }),
    async verify({ response }, remoteIp) {
      let out: { success?: boolean; 'error-codes'?: string[] };
      try {
        const res = await fetchFn(RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: await opts.secret(), response, ...(remoteIp && remoteIp !== 'unknown' ? { remoteip: remoteIp } : {}) }).toString(),
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
        out = (await res.json()) as typeof out;
      } catch (e) {
        logger.error('captcha verification failed', { error: e });
        throw new HttpError(503, PUBLIC_MSG.captchaUnavailable, 'UNAVAILABLE');
      }
      if (out.success === true) return;
      const codes = out['error-codes'] ?? [];
      refuse(codes.includes('timeout-or-duplicate') ? PUBLIC_MSG.captchaUsed : PUBLIC_MSG.captchaWrong);
    },
  };
}

let secretValue: string | undefined;
async function recaptchaSecret(): Promise<string> {
  if (secretValue) return secretValue;
  const direct = process.env.RECAPTCHA_SECRET;
  const v = direct || (process.env.RECAPTCHA_SECRET_ARN ? await readSecretString(process.env.RECAPTCHA_SECRET_ARN) : undefined);
  if (!v) throw new Error('reCAPTCHA secret missing: set RECAPTCHA_SECRET_ARN (or RECAPTCHA_SECRET)');
  secretValue = v.trim();
  return secretValue;
}

/** The provider the configuration names (read at first use; a wrong configuration fails loudly). */
export function configuredCaptcha(): CaptchaProvider {
  const kind = process.env.CAPTCHA_PROVIDER ?? 'local';
  if (kind === 'local') return localCaptcha();
  if (kind === 'recaptcha') {
    const siteKey = process.env.RECAPTCHA_SITE_KEY;
    if (!siteKey) throw new Error('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY');
    return recaptcha({ siteKey, secret: recaptchaSecret });
  }
  throw new Error(`Unknown CAPTCHA_PROVIDER ${kind}: local or recaptcha`);
}
