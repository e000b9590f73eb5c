/**
 * Two-step sign-in in jsdom (issue 26; fetch stubbed at the network edge): the login's second
 * step (the code field, a wrong code under it, a recovery code instead, the session's way home,
 * an expired challenge or too many codes back to the password step with the message), and the
 * security section's states (off → setup with the QR code and the key → the recovery codes once
 * → on, new codes, turn off; refusals under the field).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MFA_MSG as M, MFA_UI as UI } from '../../../shared/messages/mfa';
import { type } from '../support/form-fields';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { LoginScreen } = await import('../../../web/src/app/routes/login');
const { TwoStepSignIn } = await import('../../../web/src/features/mfa');
const { getSession, clearSession } = await import('../../../web/src/lib/session');

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
/** Waits (a few turns of effects and fetches, the lazy chunks included) until `check` holds. */

/** A Blob's text (jsdom's Blob has no text()). */
const blobText = (b: Blob) =>
  new Promise<string>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as string);
    r.readAsText(b);
  });

const USER = { _id: 'u-mfa', name: 'Mia', email: 'mia@x.test', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' }, policyFlag: false };
const CHALLENGE = { mfaRequired: true, mfaToken: 'challenge-1', expiresAt: '2099-01-01T00:00:00.000Z', message: M.secondStep };
const SESSION = { token: 'tok-mfa', expiresAt: '2099-01-01T00:00:00.000Z', user: USER };
const refused = (status: number, message: string) => ({ status, body: { message } });

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}
const where = () => screen.queryByTestId('where')?.textContent;

describe("the login's second step", () => {
  const h = featureHarness();

  async function toSecondStep(mfaAnswer: (r: Req) => { status: number; body: unknown }) {
    clearSession();
    // The login form also asks the email's sign-in method (single sign-on, issue 26): a password one here.
    h.answer((r) => (r.url.pathname.endsWith('/login') ? { status: 200, body: CHALLENGE } : r.url.pathname.endsWith('/login/method') ? { status: 200, body: { method: 'password' } } : mfaAnswer(r)));
    h.render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    type('Email', 'mia@x.test');
    type('Password', 'Secret-2031!');
    await act(async () => button('Log in')!.click());
    await h.until(() => screen.queryByText(UI.title), 'the second step');
  }

  it('asks the code after a right password: numeric, one-time-code, focused; a wrong code under the field; the right one goes home', async () => {
    let tries = 0;
    await toSecondStep(() => (++tries === 1 ? refused(401, M.codeInvalid) : { status: 200, body: SESSION }));
    expect(getSession()).toBeNull();
    expect(screen.getByText(M.secondStep)).toBeTruthy();
    const code = input(UI.codeLabel);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(code);
    // Nothing typed: the message, nothing sent.
    await act(async () => button(UI.verify)!.click());
    await h.until(() => screen.queryByText(M.codeRequired), 'the required message');
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/login/mfa'))).toHaveLength(0);

    type(UI.codeLabel, '123 456');
    await act(async () => button(UI.verify)!.click());
    await h.until(() => screen.queryByText(M.codeInvalid), 'the wrong code message');
    expect(h.calls.at(-1)!.body).toEqual({ mfaToken: 'challenge-1', code: '123456' });
    expect(input(UI.codeLabel).getAttribute('aria-invalid')).toBe('true');
    expect(input(UI.codeLabel).value).toBe('');

    type(UI.codeLabel, '654321');
    await act(async () => button(UI.verify)!.click());
    await h.until(() => where() === '/dashboard/summary', 'home');
    expect(getSession()!.token).toBe('tok-mfa');
    expect(getSession()!.user.email).toBe('mia@x.test');
  });

  it('takes a recovery code instead, and says so when it is not right', async () => {
    await toSecondStep((r) => ((r.body as { code: string }).code === 'abcde12345' ? { status: 200, body: SESSION } : refused(401, M.codeInvalid)));
    await act(async () => button(UI.useRecovery)!.click());
    const rec = input(UI.recoveryLabel);
    expect(rec.getAttribute('inputmode')).toBeNull();
    expect(screen.queryByLabelText(UI.codeLabel)).toBeNull();
    type(UI.recoveryLabel, 'ZZZZZ-ZZZZZ');
    await act(async () => button(UI.verify)!.click());
    await h.until(() => screen.queryByText(M.recoveryInvalid), 'the recovery message');
    type(UI.recoveryLabel, 'ABCDE-12345');
    await act(async () => button(UI.verify)!.click());
    await h.until(() => where() === '/dashboard/summary', 'home');
    expect(h.calls.at(-1)!.body).toEqual({ mfaToken: 'challenge-1', code: 'abcde12345' });
  });

  it.each([
    ['an expired challenge', 401, M.challengeExpired],
    ['too many wrong codes', 429, M.tooManyCodes],
  ])('%s goes back to the email and password with the message as a banner', async (_what, status, message) => {
    await toSecondStep(() => refused(status, message));
    type(UI.codeLabel, '123456');
    await act(async () => button(UI.verify)!.click());
    await h.until(() => screen.queryByTestId('login-failed'), 'the banner');
    expect(screen.getByTestId('login-failed').textContent).toBe(message);
    expect(input('Email').value).toBe('mia@x.test');
    expect(input('Password').value).toBe('');
    expect(screen.queryByText(UI.title)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it("'Back to email and password' leaves the second step without a message", async () => {
    await toSecondStep(() => refused(500, 'no'));
    await act(async () => button(UI.startAgain)!.click());
    expect(screen.queryByText(UI.title)).toBeNull();
    expect(input('Email').value).toBe('mia@x.test');
    expect(screen.queryByTestId('login-failed')).toBeNull();
  });
});

describe('the security section', () => {
  const h = featureHarness({ user: USER });
  const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

  function server(state: { enabled: boolean; left: number; required?: boolean }) {
    h.answer((r) => {
      const p = r.url.pathname;
      const code = (r.body as { code?: string } | undefined)?.code;
      if (p.endsWith('/mfa')) return { status: 200, body: { totp: { enabled: state.enabled, enabledAt: state.enabled ? '2026-11-03T10:00:00.000Z' : null }, recoveryCodesLeft: state.left, required: state.required ?? false, signInWithPasskey: false } };
      if (p.endsWith('/mfa/totp/setup')) return { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/Retailer%20Audit:mia%40x.test?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Retailer%20Audit' } };
      if (code === '000000') return { status: 400, body: { message: M.codeInvalid, code: 'VALIDATION', issues: [{ path: 'code', message: M.codeInvalid }] } };
      if (p.endsWith('/mfa/totp/confirm')) return ((state.enabled = true), (state.left = 10), { status: 200, body: { message: M.enabled, recoveryCodes: CODES } });
      if (p.endsWith('/mfa/recoveryCodes')) return ((state.left = 10), { status: 200, body: { message: M.codesRenewed, recoveryCodes: CODES } });
      if (p.endsWith('/mfa/totp/disable')) return ((state.enabled = false), (state.left = 0), { status: 200, body: { message: M.disabled } });
      return refused(404, 'no');
    });
  }

  it('off → set up (QR code, key, a first code; a wrong one under the field) → the recovery codes once → on', async () => {
    server({ enabled: false, left: 0 });
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (t: string) => void copied.push(t) } });
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => (created.push(b), 'blob:codes');
    URL.revokeObjectURL = () => undefined;
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    h.render(<TwoStepSignIn email="mia@x.test" />);
    await h.until(() => screen.queryByText(UI.offText), 'the off state');
    await act(async () => button(UI.setUp)!.click());
    await h.until(() => screen.queryByAltText(UI.qrAlt), 'the QR code');
    const img = screen.getByAltText(UI.qrAlt) as HTMLImageElement;
    expect(img.src).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(img.src)).toContain('<svg');
    expect(document.querySelector('.mfa-setup__secret')!.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    type(UI.appCodeLabel, '000000');
    await act(async () => button(UI.confirm)!.click());
    await h.until(() => screen.queryByText(M.codeInvalid), 'the refusal');
    expect(input(UI.appCodeLabel).getAttribute('aria-invalid')).toBe('true');
    type(UI.appCodeLabel, '123456');
    await act(async () => button(UI.confirm)!.click());
    await h.until(() => screen.queryByText(UI.codesTitle), 'the codes');
    expect(shown).toEqual([`success:${M.enabled}`]);
    expect([...document.querySelectorAll('.mfa-codes__list li')].map((li) => li.textContent)).toEqual(CODES);

    await act(async () => button(UI.copy)!.click());
    expect(copied[0]).toContain(CODES.join('\n'));
    expect(shown.at(-1)).toBe(`success:${UI.copied}`);
    await act(async () => button(UI.download)!.click());
    expect(downloads).toEqual(['retailer-audit-recovery-codes.txt blob:codes']);
    expect(await blobText(created[0]!)).toBe(UI.codesFile('mia@x.test', CODES));

    expect(button(UI.done)!.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(UI.saved));
    expect(button(UI.done)!.disabled).toBe(false);
    await act(async () => button(UI.done)!.click());
    await h.until(() => screen.queryByText(UI.onSince('11/03/2026')), 'the on state');
    expect(screen.getByText(UI.codesLeft(10))).toBeTruthy();
    expect(screen.queryByText(UI.codesTitle)).toBeNull();
  });

  it('on: new recovery codes with a code, turned off with a code; few codes left says so', async () => {
    server({ enabled: true, left: 2 });
    h.render(<TwoStepSignIn email="mia@x.test" />);
    await h.until(() => screen.queryByText(UI.onSince('11/03/2026')), 'the on state');
    expect(document.body.textContent).toContain(`${UI.codesLeft(2)} ${UI.codesLow}`);

    await act(async () => button(UI.renew)!.click());
    expect(screen.getByText(UI.renewText)).toBeTruthy();
    await act(async () => button(UI.renewSubmit)!.click());
    await h.until(() => screen.queryByText(M.codeRequired), 'the required message');
    type(UI.appCodeLabel, '123456');
    await act(async () => button(UI.renewSubmit)!.click());
    await h.until(() => screen.queryByText(UI.codesTitle), 'the new codes');
    expect(h.calls.find((c) => c.url.pathname.endsWith('/mfa/recoveryCodes'))!.body).toEqual({ code: '123456' });
    expect(shown).toEqual([`success:${M.codesRenewed}`]);
    fireEvent.click(screen.getByLabelText(UI.saved));
    await act(async () => button(UI.done)!.click());
    await h.until(() => screen.queryByText(UI.codesLeft(10)), 'ten codes left');

    await act(async () => button(UI.turnOff)!.click());
    type(UI.anyCodeLabel, '000000');
    await act(async () => button(UI.turnOffSubmit)!.click());
    await h.until(() => screen.queryByText(M.codeInvalid), 'the refusal');
    type(UI.anyCodeLabel, 'ABCDE-12345');
    await act(async () => button(UI.turnOffSubmit)!.click());
    await h.until(() => screen.queryByText(UI.offText), 'the off state');
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/mfa/totp/disable')).map((c) => c.body)).toEqual([{ code: '000000' }, { code: 'abcde12345' }]);
    expect(shown.at(-1)).toBe(`success:${M.disabled}`);
  });

  it('a second setup refused (409: already on) is a toast, and the state is read again', async () => {
    const state = { enabled: false, left: 0 };
    server(state);
    h.render(<TwoStepSignIn email="mia@x.test" />);
    await h.until(() => button(UI.setUp), 'the off state');
    // Meanwhile turned on in another tab.
    state.enabled = true;
    state.left = 10;
    h.answer((r) => (r.url.pathname.endsWith('/setup') ? { status: 409, body: { message: M.alreadyOn } } : { status: 200, body: { totp: { enabled: true, enabledAt: '2026-11-03T10:00:00.000Z' }, recoveryCodesLeft: 10, required: false, signInWithPasskey: false } }));
    await act(async () => button(UI.setUp)!.click());
    await h.until(() => screen.queryByText(UI.codesLeft(10)), 'the on state');
    expect(shown).toEqual([`warning:${M.alreadyOn}`]);
  });

  it("an admin's: says it is required while off, frees the session's hold once on, and offers no Turn off", async () => {
    const { setSession } = await import('../../../web/src/lib/session');
    setSession({ ...getSession()!, secondFactorRequired: true });
    server({ enabled: false, left: 0, required: true });
    h.render(<TwoStepSignIn email="mia@x.test" />);
    await h.until(() => screen.queryByText(M.adminNeedsFactor), 'the requirement');
    await act(async () => button(UI.setUp)!.click());
    await h.until(() => screen.queryByAltText(UI.qrAlt), 'the QR code');
    type(UI.appCodeLabel, '123456');
    await act(async () => button(UI.confirm)!.click());
    await h.until(() => screen.queryByText(CODES[0]!), 'the recovery codes');
    expect(getSession()!.secondFactorRequired).toBe(false);
    fireEvent.click(screen.getByLabelText(UI.saved));
    await act(async () => button(UI.done)!.click());
    await h.until(() => screen.queryByText(UI.codesLeft(10)), 'the on state');
    expect(button(UI.renew)).toBeDefined();
    expect(button(UI.turnOff)).toBeUndefined();
    expect(screen.queryByText(M.adminNeedsFactor)).toBeNull();
  });
});
