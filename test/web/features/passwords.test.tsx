/**
 * Issue 36: the forms that set a password (registration, the reset/activation link's form, My
 * Account) refuse a control character before sending (the shared rule), and show the server's
 * refusal of a common password (a list only the server holds) under the password field, with the
 * field marked invalid and described by the message.
 */
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_MSG } from '../../../shared/messages/accounts';
import { type } from '../support/form-fields';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { RegisterForm } = await import('../../../web/src/features/auth/components/register-form');
const { ResetPasswordRoute } = await import('../../../web/src/app/routes/new-password');
const { MyAccount } = await import('../../../web/src/features/users/components/my-account');
const { getSession } = await import('../../../web/src/lib/session');

const TOO_COMMON = { status: 400, body: { message: PASSWORD_MSG.tooCommon, code: 'VALIDATION', issues: [{ path: 'password', message: PASSWORD_MSG.tooCommon }] } };
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement;
/** The message under the field labelled `label` (its aria-describedby), or ''. */
function messageUnder(label: string): string {
  const input = screen.getByLabelText(label, { selector: 'input' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('the register form', () => {
  const h = featureHarness();
  const fill = (password: string) => {
    for (const [label, value] of [['First Name', 'Pia'], ['Last Name', 'Word'], ['Company', 'Words Ltd'], ['Email', 'pia@words.test'], ['Password', password], ['Confirm Password', password]]) type(label!, value!);
  };

  it('refuses a tab or NUL characters under the field and sends nothing', async () => {
    await h.render(<RegisterForm onRegistered={() => {}} />);
    fill('Demo\t2026!');
    await act(async () => button('Create account').click());
    expect(messageUnder('Password')).toBe(PASSWORD_MSG.controlCharacters);
    fill('\u0000'.repeat(6));
    await act(async () => button('Create account').click());
    expect(messageUnder('Password')).toBe(PASSWORD_MSG.controlCharacters);
    expect(h.calls).toHaveLength(0);
  });

  it("shows the server's common-password refusal under the password field", async () => {
    h.answer(() => TOO_COMMON);
    await h.render(<RegisterForm onRegistered={() => {}} />);
    fill('password1');
    await act(async () => button('Create account').click());
    await h.settle();
    expect(h.calls.map((c) => c.url.pathname)).toEqual(['/api/register']);
    expect(messageUnder('Password')).toBe(PASSWORD_MSG.tooCommon);
  });
});

describe('the reset link form', () => {
  const h = featureHarness();

  it("shows the server's refusal under the field and stays on the form; the next password resets", async () => {
    let tries = 0;
    h.answer((r: Req) => {
      if (r.url.pathname.endsWith('/validateToken')) return { status: 200, body: { valid: true, kind: 'reset' } };
      if (r.url.pathname.endsWith('/resetPassword')) return ++tries === 1 ? TOO_COMMON : { status: 200, body: { message: 'Your Password has been Successfully reset' } };
      return { status: 404, body: { message: 'no' } };
    });
    await h.render(
      <MemoryRouter initialEntries={['/reset-password?token=t'.padEnd(40, 'x')]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordRoute />} />
          <Route path="/login" element={<p>the login page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await h.settle();
    type('New Password', '123456');
    type('Confirm Password', '123456');
    await act(async () => button('Reset Password').click());
    await h.settle();
    expect(messageUnder('New Password')).toBe(PASSWORD_MSG.tooCommon);
    expect(document.body.textContent).not.toContain('the login page');
    type('New Password', 'Les écureuils dansent à minuit');
    type('Confirm Password', 'Les écureuils dansent à minuit');
    await act(async () => button('Reset Password').click());
    await h.settle();
    expect(shown).toContain('success:Your Password has been Successfully reset');
    expect(document.body.textContent).toContain('the login page');
  });

  it('refuses control characters before sending', async () => {
    h.answer((r: Req) => (r.url.pathname.endsWith('/validateToken') ? { status: 200, body: { valid: true, kind: 'reset' } } : { status: 500, body: {} }));
    await h.render(
      <MemoryRouter initialEntries={['/reset-password?token=t'.padEnd(40, 'x')]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    await h.settle();
    type('New Password', 'Demo\t2026!');
    type('Confirm Password', 'Demo\t2026!');
    await act(async () => button('Reset Password').click());
    expect(messageUnder('New Password')).toBe(PASSWORD_MSG.controlCharacters);
    expect(h.calls.filter((c) => c.url.pathname.endsWith('/resetPassword'))).toHaveLength(0);
  });
});

describe('My Account', () => {
  const h = featureHarness({ user: { _id: 'u-self', name: 'Bea', email: 'bea@x.test', user_email_bcc: '', emailFrequency: 'Weekly', roles: [{ name: 'User' }], brand: { _id: 'brand-1', name: 'B' } } });
  const MFA_OFF = { totp: { enabled: false, enabledAt: null }, recoveryCodesLeft: 0, required: false, signInWithPasskey: false };
  const puts = () => h.calls.filter((c) => c.method === 'PUT');

  it("refuses a tab before sending and shows the server's common-password refusal under the password field", async () => {
    h.answer((r: Req) => (r.url.pathname.endsWith('/mfa') ? { status: 200, body: MFA_OFF } : r.url.pathname.endsWith('/passkeys') ? { status: 200, body: { passkeys: [], max: 10 } } : TOO_COMMON));
    await h.render(<MyAccount session={getSession()!} />);
    await h.settle();
    type('Password', 'Demo\t2026!');
    type('Current Password', 'Start-2026');
    await act(async () => button('Save').click());
    expect(messageUnder('Password')).toBe(PASSWORD_MSG.controlCharacters);
    expect(puts()).toHaveLength(0);
    type('Password', 'Password1');
    await act(async () => button('Save').click());
    await h.settle();
    expect(puts()).toHaveLength(1);
    expect(messageUnder('Password')).toBe(PASSWORD_MSG.tooCommon);
  });
});
