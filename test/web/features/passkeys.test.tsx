/**
 * Passkeys in jsdom (issue 26 step 2; fetch stubbed at the network edge, the browser's WebAuthn
 * through a stand-in of @simplewebauthn/browser): the login page's "Sign in with a passkey" (the
 * session's way home, a refusal's message on the failed-login page, a cancelled prompt under the
 * button), and the security section (the list, add with a name: the server's options to the
 * browser and its answer back; a cancelled prompt and an excluded device under the field; remove
 * after a confirm).
 */
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PASSKEY_LOGIN_UI as LOGIN, PASSKEY_MSG as M, PASSKEY_UI as UI } from '../../../shared/messages/passkeys';
import { type } from '../support/form-fields';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn(), browserSupportsWebAuthn: vi.fn(() => true) }));
vi.mock('@simplewebauthn/browser', () => browser);

const { LoginRoute, LoginScreen } = await import('../../../web/src/app/routes/login');
const { Passkeys } = await import('../../../web/src/features/passkeys');
const { getSession, clearSession } = await import('../../../web/src/lib/session');

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text) as HTMLButtonElement | undefined;
const domError = (name: string) => Object.assign(new Error(name), { name });

const USER = { _id: 'u-pk', name: 'Pia', email: 'pia@x.test', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' }, policyFlag: false };
const SESSION = { token: 'tok-pk', expiresAt: '2099-01-01T00:00:00.000Z', user: USER };
const LOGIN_OPTIONS = { challenge: 'c'.repeat(43), rpId: 'localhost', userVerification: 'required', timeout: 300000 };
const ASSERTION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dS1waw' }, clientExtensionResults: {} };

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}
const where = () => screen.queryByTestId('where')?.textContent;

describe("the login page's passkey sign-in", () => {
  const h = featureHarness();

  function open(loginAnswer: () => { status: number; body: unknown }) {
    clearSession();
    h.answer((r) => (r.url.pathname.endsWith('/passkeys/login/options') ? { status: 200, body: LOGIN_OPTIONS } : r.url.pathname.endsWith('/passkeys/login') ? loginAnswer() : { status: 404, body: { message: 'no' } }));
    h.render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("asks the browser with the server's options and goes home with the session", async () => {
    browser.startAuthentication.mockResolvedValueOnce(ASSERTION);
    open(() => ({ status: 200, body: SESSION }));
    await act(async () => button(LOGIN.signIn)!.click());
    await h.until(() => where() === '/dashboard/summary', 'home');
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: LOGIN_OPTIONS });
    expect(h.calls.at(-1)!.body).toEqual({ response: ASSERTION });
    expect(getSession()!.token).toBe('tok-pk');
  });

  it("a refused passkey shows the server's message on the failed-login page; a cancelled prompt is said under the button", async () => {
    browser.startAuthentication.mockResolvedValueOnce(ASSERTION);
    open(() => ({ status: 401, body: { message: M.signInFailed } }));
    await act(async () => button(LOGIN.signIn)!.click());
    await h.until(() => screen.queryByTestId('login-failed'), 'the banner');
    expect(screen.getByTestId('login-failed').textContent).toBe(M.signInFailed);
    expect(getSession()).toBeNull();

    browser.startAuthentication.mockRejectedValueOnce(domError('NotAllowedError'));
    await act(async () => button(LOGIN.signIn)!.click());
    await h.until(() => screen.queryByText(LOGIN.cancelled), 'the cancelled note');
    expect(screen.getByText(LOGIN.cancelled).getAttribute('role')).toBe('status');
  });
});

describe('the login page a logout opened', () => {
  const h = featureHarness({ user: USER });

  it('shows a refused passkey there, not the dashboard of the session it just ended', async () => {
    browser.startAuthentication.mockResolvedValueOnce(ASSERTION);
    h.answer((r) => (r.url.pathname.endsWith('/passkeys/login/options') ? { status: 200, body: LOGIN_OPTIONS } : r.url.pathname.endsWith('/passkeys/login') ? { status: 401, body: { message: M.signInFailed } } : { status: 200, body: { message: 'ok' } }));
    expect(getSession()).not.toBeNull();
    h.render(
      <MemoryRouter initialEntries={['/login?session=logout']}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await h.until(() => getSession() === null, 'the session ended');
    await act(async () => button(LOGIN.signIn)!.click());
    await h.until(() => screen.queryByTestId('login-failed') || where(), 'an answer');
    expect(where()).toBeUndefined();
    expect(screen.getByTestId('login-failed').textContent).toBe(M.signInFailed);
  });
});

describe('the Passkeys section', () => {
  const h = featureHarness({ user: USER });
  const REG_OPTIONS = { challenge: 'r'.repeat(43), rp: { id: 'localhost', name: 'Retailer Audit' }, user: { id: 'dS1waw', name: 'pia@x.test', displayName: 'Pia' }, pubKeyCredParams: [], excludeCredentials: [] };
  const REG = { id: 'cred-new', rawId: 'cred-new', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA', transports: ['internal'] }, clientExtensionResults: {} };

  function server(list: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[]) {
    h.answer((r) => {
      const p = r.url.pathname;
      if (p.endsWith('/passkeys') && r.method === 'GET') return { status: 200, body: { passkeys: list, max: 10 } };
      if (p.endsWith('/passkeys/register/options')) return { status: 200, body: REG_OPTIONS };
      if (p.endsWith('/passkeys/register')) {
        const passkey = { id: 'cred-new', name: (r.body as { name: string }).name, createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
        list.push(passkey);
        return { status: 200, body: { message: M.added, passkey } };
      }
      if (r.method === 'DELETE') {
        list.splice(0, list.length, ...list.filter((x) => !p.endsWith(`/${x.id}`)));
        return { status: 200, body: { message: M.removed } };
      }
      return { status: 404, body: { message: 'no' } };
    });
  }

  it('lists none, adds one with a name (options to the browser, its answer to the server), and says a cancelled prompt or an excluded device under the field', async () => {
    server([]);
    h.render(<Passkeys />);
    await h.until(() => screen.queryByText(UI.none), 'the empty list');
    await act(async () => button(UI.add)!.click());
    browser.startRegistration.mockRejectedValueOnce(domError('NotAllowedError'));
    type(UI.nameLabel, 'Work laptop');
    await act(async () => button(UI.create)!.click());
    await h.until(() => screen.queryByText(UI.cancelled), 'the cancelled note');
    browser.startRegistration.mockRejectedValueOnce(Object.assign(domError('InvalidStateError'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }));
    await act(async () => button(UI.create)!.click());
    await h.until(() => screen.queryByText(UI.exists), 'the exists note');
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/passkeys/register'))).toHaveLength(0);

    browser.startRegistration.mockResolvedValueOnce(REG);
    await act(async () => button(UI.create)!.click());
    await h.until(() => screen.queryByText('Work laptop'), 'the new passkey');
    expect(browser.startRegistration).toHaveBeenLastCalledWith({ optionsJSON: REG_OPTIONS });
    expect(h.calls.find((c) => c.url.pathname.endsWith('/passkeys/register'))!.body).toEqual({ name: 'Work laptop', response: REG });
    expect(shown).toContain(`success:${M.added}`);
    expect(screen.getByText(/^Added 11\/20\/2026, not used yet$/)).toBeTruthy();
  });

  it('an empty name is refused under the field without asking the browser; Remove asks first', async () => {
    browser.startRegistration.mockClear();
    server([{ id: 'cred-1', name: 'Phone', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: '2026-11-19T10:00:00.000Z' }]);
    h.render(<Passkeys />);
    await h.until(() => screen.queryByText('Phone'), 'the list');
    expect(screen.getByText(/^Added 11\/01\/2026, last used 11\/19\/2026$/)).toBeTruthy();
    await act(async () => button(UI.add)!.click());
    type(UI.nameLabel, '   ');
    await act(async () => button(UI.create)!.click());
    await h.until(() => screen.queryByText(M.nameRequired), 'the name message');
    expect(browser.startRegistration).not.toHaveBeenCalled();
    await act(async () => button(UI.cancel)!.click());

    await act(async () => button(UI.removeLabel('Phone'))!.click());
    expect(screen.getByText(UI.removeText('Phone'))).toBeTruthy();
    expect(h.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await act(async () => button(UI.removeConfirm)!.click());
    await h.until(() => screen.queryByText(UI.none), 'the empty list');
    expect(h.calls.find((c) => c.method === 'DELETE')!.url.pathname).toMatch(/\/passkeys\/cred-1$/);
    expect(shown).toContain(`success:${M.removed}`);
  });
});
