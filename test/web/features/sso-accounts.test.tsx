/**
 * Issue 36 in jsdom (fetch stubbed at the network edge): Settings › Single sign-on's "Other
 * accounts of your domains" (the accounts its single sign-on spares, a page at a time with Show
 * more, an empty state), My Account › Passkeys marked inactive with the reason under mandatory
 * single sign-on, the login card's way to a password for the accounts mandatory single sign-on
 * spares, and the page of an email change's link (confirmed: the session takes the new
 * address and token; refused: the server's reason, the session untouched).
 */
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PASSKEY_UI } from '../../../shared/messages/passkeys';
import { SSO_MSG, SSO_UI as UI } from '../../../shared/messages/sso';
import { USER_MSG } from '../../../shared/messages/users';
import { type } from '../support/form-fields';
import { featureHarness } from '../support/feature-harness';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { SparedAccounts } = await import('../../../web/src/features/sso-settings/components/spared-accounts');
const { Passkeys } = await import('../../../web/src/features/passkeys');
const { ConfirmEmailChange } = await import('../../../web/src/features/users/components/confirm-email-change');
const { clearSession, getSession } = await import('../../../web/src/lib/session');
const { LoginScreen } = await import('../../../web/src/app/routes/login');

async function until(h: ReturnType<typeof featureHarness>, check: () => unknown, what: string) {
  for (let i = 0; i < 40; i++) {
    if (check()) return;
    await h.settle(2);
  }
  throw new Error(`never: ${what}\n${document.body.textContent}`);
}
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;

describe("Settings › Single sign-on › the accounts it spares", () => {
  const h = featureHarness();

  it('lists them by address with what they are, then the next page on Show more (its cursor sent)', async () => {
    h.answer((r) =>
      r.url.pathname.endsWith('/sso/brand-1/accounts')
        ? r.url.searchParams.get('cursor') === 'next-1'
          ? { status: 200, body: { data: [{ email: 'ines@acme.test', name: 'Inès Other', kind: 'otherBrand', status: 'pending' }], nextCursor: null } }
          : { status: 200, body: { data: [{ email: 'admin@acme.test', name: 'Site Admin', kind: 'admin', status: 'active' }], nextCursor: 'next-1' } }
        : { status: 404, body: { message: 'no' } },
    );
    h.render(<SparedAccounts brandId="brand-1" />);
    await until(h, () => screen.queryByText('admin@acme.test'), 'the first page');
    expect(screen.getByRole('heading', { name: UI.sparedTitle })).toBeTruthy();
    expect(screen.getByRole('list', { name: UI.sparedTitle }).textContent).toContain(`Site Admin · ${UI.sparedKind.admin} · ${UI.sparedStatus.active}`);
    await act(async () => button(UI.sparedMore)!.click());
    await until(h, () => screen.queryByText('ines@acme.test'), 'the second page');
    expect(h.calls.at(-1)!.url.searchParams.get('cursor')).toBe('next-1');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('list').textContent).toContain(`${UI.sparedKind.otherBrand} · ${UI.sparedStatus.pending}`);
    expect(button(UI.sparedMore)).toBeUndefined();
  });

  it('says so when there are none', async () => {
    h.answer(() => ({ status: 200, body: { data: [], nextCursor: null } }));
    h.render(<SparedAccounts brandId="brand-1" />);
    await until(h, () => screen.queryByText(UI.sparedNone), 'the empty state');
  });
});

describe('My Account › Passkeys under mandatory single sign-on', () => {
  const h = featureHarness();

  it('marks each passkey inactive and says why', async () => {
    const reason = SSO_MSG.passkeysInactive('Acme');
    h.answer((r) =>
      r.url.pathname.endsWith('/passkeys')
        ? { status: 200, body: { passkeys: [{ id: 'cred-1', name: 'Phone', createdAt: '2026-01-02T00:00:00.000Z', lastUsedAt: null, inactive: true }], max: 10, inactiveReason: reason } }
        : { status: 404, body: { message: 'no' } },
    );
    h.render(<Passkeys />);
    await until(h, () => screen.queryByText(reason), 'the reason');
    expect(screen.getByRole('note').textContent).toBe(reason);
    expect(screen.getByRole('list', { name: PASSKEY_UI.listLabel }).textContent).toContain(`Phone${PASSKEY_UI.inactive}`);
  });
});

describe("the page of an email change's link", () => {
  const h = featureHarness();

  it('confirms the token once: the session takes the new address and its new token', async () => {
    const before = getSession()!;
    h.answer((r) =>
      r.url.pathname.endsWith('/users/emailChange/confirm')
        ? { status: 200, body: { message: USER_MSG.emailChanged, user: { ...before.user, email: 'new@acme.test' }, token: 'tok-new', expiresAt: '2099-01-01T00:00:00.000Z' } }
        : { status: 404, body: { message: 'no' } },
    );
    h.render(
      <MemoryRouter>
        <ConfirmEmailChange token={'t'.repeat(43)} />
      </MemoryRouter>,
    );
    await until(h, () => screen.queryByText(USER_MSG.emailChanged), 'the confirmation');
    expect(h.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(h.calls[0]!.body).toEqual({ token: 't'.repeat(43) });
    expect(getSession()).toMatchObject({ token: 'tok-new', user: { email: 'new@acme.test' } });
  });

  it("a refused link shows the server's reason and leaves the session as it was", async () => {
    const before = getSession()!;
    h.answer(() => ({ status: 410, body: { message: USER_MSG.emailChangeInvalid, code: 'LINK_EXPIRED' } }));
    h.render(
      <MemoryRouter>
        <ConfirmEmailChange token={'t'.repeat(43)} />
      </MemoryRouter>,
    );
    await until(h, () => screen.queryByRole('alert'), 'the refusal');
    expect(screen.getByRole('alert').textContent).toBe(USER_MSG.emailChangeInvalid);
    expect(getSession()).toEqual(before);
  });
});

describe('the login card of a mandatory single sign-on domain', () => {
  const h = featureHarness();

  it('offers "Continue with" first, and "Not a <brand> account? Use my password" for the accounts it spares: the password is then sent', async () => {
    clearSession();
    const USER = { _id: 'a1', name: 'Ada', email: 'ada@acme.test', roles: [{ name: 'ADMIN' }], brand: null, policyFlag: false };
    h.answer((r) =>
      r.url.pathname.endsWith('/login/method')
        ? { status: 200, body: { method: 'sso', label: 'Acme', startUrl: '/api/sso/start?email=ada%40acme.test', passwordAllowed: false } }
        : r.url.pathname.endsWith('/login')
          ? { status: 200, body: { token: 'tok-a', expiresAt: '2099-01-01T00:00:00.000Z', user: USER } }
          : { status: 404, body: { message: 'no' } },
    );
    h.render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>,
    );
    type('Email', 'ada@acme.test');
    type('Password', 'Admin-Pass-2031!');
    await act(async () => button('Log in')!.click());
    await until(h, () => screen.queryByRole('link', { name: UI.continueWith('Acme') }), 'the single sign-on card');
    expect(button(UI.usePassword)).toBeUndefined();
    await act(async () => button(UI.notCompanyAccount('Acme'))!.click());
    await until(h, () => button('Log in'), 'the password form');
    await act(async () => button('Log in')!.click());
    await until(h, () => h.calls.some((c) => c.url.pathname.endsWith('/login') && c.method === 'POST'), 'the password sent');
    expect(h.calls.find((c) => c.url.pathname.endsWith('/login'))!.body).toMatchObject({ email: 'ada@acme.test', password: 'Admin-Pass-2031!' });
  });
});
