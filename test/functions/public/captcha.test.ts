/**
 * The captcha providers without the stack (docs/decisions.md "Captcha"): reCAPTCHA's siteverify
 * call (the network is a recorded fake: the only outbound call of the product, made only in AWS)
 * and the provider chosen by configuration. The local provider is tested end to end in
 * test/integration/public-forms.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_MSG } from '../../../shared/messages/public';
import { configuredCaptcha, recaptcha, RECAPTCHA_VERIFY_URL } from '../../../functions/public/captcha';

function fakeGoogle(answer: unknown, status = 200) {
  const calls: { url: string; body: string }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: String(init.body) });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

describe('reCAPTCHA provider', () => {
  it('names the site key and verifies the response with the secret and the address', async () => {
    const g = fakeGoogle({ success: true });
    const p = recaptcha({ siteKey: 'site-key-1', secret: async () => 'secret-1', fetchFn: g.fetchFn });
    expect(await p.challenge()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-1' });
    await p.verify({ response: 'resp-1' }, '203.0.113.9');
    expect(g.calls).toHaveLength(1);
    expect(g.calls[0]!.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(Object.fromEntries(new URLSearchParams(g.calls[0]!.body))).toEqual({ secret: 'secret-1', response: 'resp-1', remoteip: '203.0.113.9' });
  });

  it('refuses a failed check, says when the token was used or timed out, and answers 503 when Google cannot be reached', async () => {
    const wrong = recaptcha({ siteKey: 'k', secret: async () => 's', fetchFn: fakeGoogle({ success: false, 'error-codes': ['invalid-input-response'] }).fetchFn });
    await expect(wrong.verify({ response: 'x' }, '1.2.3.4')).rejects.toMatchObject({ statusCode: 400, message: PUBLIC_MSG.captchaWrong });
    const used = recaptcha({ siteKey: 'k', secret: async () => 's', fetchFn: fakeGoogle({ success: false, 'error-codes': ['timeout-or-duplicate'] }).fetchFn });
    await expect(used.verify({ response: 'x' }, '1.2.3.4')).rejects.toMatchObject({ statusCode: 400, message: PUBLIC_MSG.captchaUsed });
    const down = recaptcha({ siteKey: 'k', secret: async () => 's', fetchFn: fakeGoogle({}, 500).fetchFn });
    await expect(down.verify({ response: 'x' }, '1.2.3.4')).rejects.toMatchObject({ statusCode: 503, message: PUBLIC_MSG.captchaUnavailable });
  });
});

describe('the configured provider', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('is local by default and reCAPTCHA when configured; a wrong configuration fails loudly', async () => {
    delete process.env.CAPTCHA_PROVIDER;
    process.env.JWT_SECRET = 'a-local-secret-of-at-least-thirty-two-chars';
    expect((await configuredCaptcha().challenge()).provider).toBe('local');
    process.env.CAPTCHA_PROVIDER = 'recaptcha';
    expect(() => configuredCaptcha()).toThrow(/RECAPTCHA_SITE_KEY/);
    process.env.RECAPTCHA_SITE_KEY = 'site-key-2';
    expect(await configuredCaptcha().challenge()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-2' });
    process.env.CAPTCHA_PROVIDER = 'hcaptcha';
    expect(() => configuredCaptcha()).toThrow(/Unknown CAPTCHA_PROVIDER/);
  });
});
