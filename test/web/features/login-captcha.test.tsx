/**
 * The login's human check in jsdom (issue 36; fetch stubbed at the network edge): past the
 * account's backstop the API answers 429 `CAPTCHA_REQUIRED` with a captcha; the form says why,
 * shows the captcha under the password, requires an answer, sends it with the challenge's token,
 * shows the API's new challenge and reason after a wrong answer, and signs in once it is solved.
 */
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { PUBLIC_MSG } from '../../../shared/messages/public';
import { type } from '../support/form-fields';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { LoginScreen } = await import('../../../web/src/app/routes/login');
const { getSession, clearSession } = await import('../../../web/src/lib/session');
// The chunks the form loads when used (its validation and call, the captcha field): transformed once here, not inside a test's wait.
await Promise.all([import('../../../web/src/features/auth/components/login-resolver'), import('../../../web/src/features/auth/api/login'), import('../../../web/src/features/public-forms')]);

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

const USER = { _id: 'u-cap', name: 'Cam', email: 'cam@x.test', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' }, policyFlag: false };
const SESSION = { token: 'tok-cap', expiresAt: '2099-01-01T00:00:00.000Z', user: USER };
const challenge = (n: number, a: number, b: number) => ({ provider: 'local', token: `captcha-token-${n}`, question: `What is ${a} + ${b}?`, expiresAt: '2099-01-01T00:00:00.000Z' });
const captchaRequired = (message: string, c: ReturnType<typeof challenge>) => ({ status: 429, body: { message, code: 'CAPTCHA_REQUIRED', captcha: c } });

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}
const where = () => screen.queryByTestId('where')?.textContent;
const logins = (h: ReturnType<typeof featureHarness>) => h.calls.filter((c) => c.url.pathname.endsWith('/login'));

describe('the login past the account-wide backstop (issue 36)', () => {
  const h = featureHarness();

  function open(loginAnswer: (r: Req, n: number) => { status: number; body: unknown }) {
    clearSession();
    let n = 0;
    h.answer((r) => (r.url.pathname.endsWith('/login/method') ? { status: 200, body: { method: 'password' } } : r.url.pathname.endsWith('/login') ? loginAnswer(r, ++n) : { status: 404, body: { message: 'no' } }));
    h.render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('says why and shows the captcha; an answer is required, a wrong one brings the new challenge, a solved one signs in', async () => {
    open((r, n) => {
      const body = r.body as { recaptcha?: string; captchaToken?: string };
      if (n === 1) return captchaRequired(MSG.loginCaptchaRequired, challenge(1, 2, 3));
      if (body.captchaToken === 'captcha-token-1') return captchaRequired(PUBLIC_MSG.captchaWrong, challenge(2, 4, 4));
      return body.captchaToken === 'captcha-token-2' && body.recaptcha === '8' ? { status: 200, body: SESSION } : { status: 401, body: { message: MSG.loginFailed } };
    });
    type('Email', 'cam@x.test');
    type('Password', 'Right-2031!');
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByLabelText('Captcha: What is 2 + 3?'), 'the captcha');
    expect(screen.getByTestId('login-captcha').textContent).toBe(MSG.loginCaptchaRequired);
    expect(screen.getByTestId('login-captcha').getAttribute('role')).toBe('alert');
    // Still on the form, what was typed kept, no toast, no failed-login page, no session.
    expect(where()).toBeUndefined();
    expect(input('Password').value).toBe('Right-2031!');
    expect(shown).toEqual([]);
    expect(getSession()).toBeNull();
    expect(logins(h)[0]!.body).toEqual({ email: 'cam@x.test', password: 'Right-2031!' });

    // Not answered: the field says so, nothing is sent.
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByText(PUBLIC_MSG.captchaRequired), 'the required message');
    expect(logins(h)).toHaveLength(1);

    // A wrong answer: sent with the challenge's token; the API's reason and its new question, the field emptied.
    type('Captcha: What is 2 + 3?', '6');
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByLabelText('Captcha: What is 4 + 4?'), 'the new challenge');
    expect(logins(h)[1]!.body).toEqual({ email: 'cam@x.test', password: 'Right-2031!', recaptcha: '6', captchaToken: 'captcha-token-1' });
    expect(screen.getByTestId('login-captcha').textContent).toBe(PUBLIC_MSG.captchaWrong);
    expect(input('Captcha: What is 4 + 4?').value).toBe('');

    type('Captcha: What is 4 + 4?', '8');
    await act(async () => button('Log in')!.click());
    await h.until(() => where() === '/dashboard/summary', 'home');
    expect(logins(h)[2]!.body).toEqual({ email: 'cam@x.test', password: 'Right-2031!', recaptcha: '8', captchaToken: 'captcha-token-2' });
    expect(getSession()!.token).toBe('tok-cap');
  });

  it('a wrong password with a solved captcha is refused as any failed login', async () => {
    open((_r, n) => (n === 1 ? captchaRequired(MSG.loginCaptchaRequired, challenge(1, 1, 1)) : { status: 401, body: { message: MSG.loginFailed } }));
    type('Email', 'cam@x.test');
    type('Password', 'Wrong-2031!');
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByLabelText('Captcha: What is 1 + 1?'), 'the captcha');
    type('Captcha: What is 1 + 1?', '2');
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByTestId('login-failed'), 'the failed-login banner');
    expect(screen.getByTestId('login-failed').textContent).toBe(MSG.loginFailed);
    expect(input('Email').value).toBe('cam@x.test');
    expect(screen.queryByTestId('login-captcha')).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('any other 429 is the locked message, as before (no captcha)', async () => {
    open(() => ({ status: 429, body: { message: MSG.accountLocked, code: 'TOO_MANY_REQUESTS' } }));
    type('Email', 'cam@x.test');
    type('Password', 'Right-2031!');
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByTestId('login-failed'), 'the failed-login banner');
    expect(screen.getByTestId('login-failed').textContent).toBe(MSG.accountLocked);
    expect(screen.queryByTestId('login-captcha')).toBeNull();
  });
});
