/**
 * Settings → Single sign-on in jsdom (issue 26, decision 42; fetch stubbed at the network edge):
 * the tab only for a brand admin or an admin (acting as the brand: its settings); the saved settings loaded (the secret never shown,
 * only that one is saved); the empty state with the defaults; a save sends the domains as a list
 * and shows the server's normalised ones; a 400's messages under their fields (each refused
 * domain); the write-only secret (sent only when typed, emptied after the save); turning
 * mandatory on asks first, and Cancel sends nothing; each saved domain's proof (issue 36): its
 * status, its TXT record with Copy, and "Check now" saying what the check found.
 */
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SAML_MSG } from '../../../shared/messages/saml';
import { SSO_MSG as M, SSO_UI as UI } from '../../../shared/messages/sso';
import { dialog, type } from '../support/form-fields';
import { featureHarness, type Req } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { SsoSettingsTab } = await import('../../../web/src/features/sso-settings');
const { SettingsRoute } = await import('../../../web/src/app/routes/dashboard/settings');
const { getSession, setSession } = await import('../../../web/src/lib/session');

const REDIRECT = 'https://app.example.test/api/sso/oidc/callback';
const SP = { entityId: 'https://app.example.test/api/sso/saml/brand-1', acsUrl: 'https://app.example.test/api/sso/saml/acs/brand-1' };
const RECORD = (d: string) => ({ type: 'TXT', name: `_retailer-audit-verification.${d}`, value: `retailer-audit-verification=${'ab12'.repeat(8)}` });
const SAVED = {
  configured: true,
  protocol: 'oidc',
  issuer: 'https://login.acme.test/tenant/v2.0',
  clientId: 'client-acme',
  clientSecretSet: true,
  domains: ['acme.test', 'xn--acm-bma.test'],
  domainStatus: [
    { domain: 'acme.test', status: 'verified', record: RECORD('acme.test'), addedAt: '2026-11-02T10:00:00.000Z', verifiedAt: '2026-11-02T10:05:00.000Z', lastCheckedAt: '2026-11-03T04:00:00.000Z', problem: null },
    { domain: 'xn--acm-bma.test', status: 'pending', record: RECORD('xn--acm-bma.test'), addedAt: '2026-11-02T10:00:00.000Z', verifiedAt: null, lastCheckedAt: null, problem: null },
  ],
  jit: 'create',
  mandatory: false,
  redirectUri: REDIRECT,
  samlServiceProvider: SP,
  samlIdp: null,
};
const EMPTY = { configured: false, protocol: 'oidc', issuer: '', clientId: '', clientSecretSet: false, domains: [], domainStatus: [], jit: 'refuse', mandatory: false, redirectUri: REDIRECT, samlServiceProvider: SP, samlIdp: null };

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
const puts = (h: ReturnType<typeof featureHarness>) => h.calls.filter((c) => c.method === 'PUT');
/** The hint or message a field is described by. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

async function until(h: ReturnType<typeof featureHarness>, check: () => unknown, what: string) {
  for (let i = 0; i < 40; i++) {
    if (check()) return;
    await h.settle(2);
  }
  throw new Error(`never: ${what}\n${document.body.textContent}`);
}

/** GET answers `current`; PUT answers `onPut(body)` (default: saved as sent, normalised to lower case). */
function serve(h: ReturnType<typeof featureHarness>, current: Record<string, unknown>, onPut?: (r: Req) => { status: number; body: unknown }) {
  let state = current;
  h.answer((r) => {
    if (r.url.pathname.endsWith('/sso/brand-1') && r.method === 'GET') return { status: 200, body: state };
    if (r.url.pathname.endsWith('/sso/brand-1') && r.method === 'PUT') {
      if (onPut) return onPut(r);
      const { clientSecret, ...b } = r.body as Record<string, unknown> & { domains: string[] };
      state = { ...state, ...b, domains: b.domains.map((d) => d.toLowerCase()), configured: true, clientSecretSet: Boolean(clientSecret) || Boolean(state.clientSecretSet) };
      return { status: 200, body: { ...state, message: M.saved } };
    }
    return { status: 404, body: { message: `unexpected ${r.method} ${r.url.pathname}` } };
  });
}

async function open(h: ReturnType<typeof featureHarness>) {
  h.render(<SsoSettingsTab session={getSession()!} />);
  await until(h, () => screen.queryByLabelText(UI.issuer), 'the form');
}

describe('Settings → Single sign-on', () => {
  const h = featureHarness();

  it('loads the saved settings: OIDC chosen, the redirect URI with Copy, the secret never shown, only that one is saved', async () => {
    serve(h, SAVED);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await open(h);
    expect(h.calls[0]!.url.pathname).toMatch(/\/sso\/brand-1$/);
    expect(screen.getByRole('form', { name: UI.formLabel('B') })).toBeTruthy();
    expect(screen.queryByTestId('sso-not-set')).toBeNull();
    expect((screen.getByLabelText(UI.protocolOidc) as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('select')).toBeNull();
    expect(screen.getByTestId('sso-redirect-uri').textContent).toBe(REDIRECT);
    expect(field(UI.issuer).value).toBe(SAVED.issuer);
    expect(field(UI.clientId).value).toBe('client-acme');
    expect(field(UI.domains).value).toBe('acme.test\nxn--acm-bma.test');
    const secret = field(UI.clientSecret);
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(describedBy(secret)).toBe(UI.clientSecretKept);
    expect((screen.getByLabelText(UI.jitCreate) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(UI.mandatory) as HTMLInputElement).checked).toBe(false);

    await act(async () => screen.getByRole('button', { name: UI.copyLabel }).click());
    expect(writeText).toHaveBeenCalledWith(REDIRECT);
    expect(shown).toContain(`success:${UI.copied}`);
  });

  it("lists each domain's proof: its status, its TXT record with Copy, and Check now saying what it found (a problem, then verified)", async () => {
    let checks = 0;
    const pendingRecord = RECORD('xn--acm-bma.test');
    const missing = M.domainRecordMissing('xn--acm-bma.test', pendingRecord.name, pendingRecord.value);
    h.answer((r) => {
      if (r.url.pathname.endsWith('/sso/brand-1') && r.method === 'GET') return { status: 200, body: SAVED };
      if (r.url.pathname.endsWith('/sso/brand-1/domains/xn--acm-bma.test/verify') && r.method === 'POST') {
        checks++;
        const verified = checks > 1;
        const domain = { ...SAVED.domainStatus[1]!, status: verified ? 'verified' : 'pending', verifiedAt: verified ? '2026-11-04T09:00:00.000Z' : null, lastCheckedAt: '2026-11-04T09:00:00.000Z', problem: verified ? null : missing };
        return { status: 200, body: { domain, verified, message: verified ? M.domainVerified('xn--acm-bma.test') : missing } };
      }
      return { status: 404, body: { message: `unexpected ${r.method} ${r.url.pathname}` } };
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await open(h);
    const items = screen.getAllByTestId('sso-domain');
    expect(items.map((i) => [i.dataset.domain, i.dataset.status])).toEqual([
      ['acme.test', 'verified'],
      ['xn--acm-bma.test', 'pending'],
    ]);
    expect(screen.getByLabelText(UI.domainStatusLabel('acme.test', UI.domainVerified)).textContent).toBe(UI.domainVerified);
    expect(screen.getByLabelText(UI.domainStatusLabel('xn--acm-bma.test', UI.domainPending)).textContent).toBe(UI.domainPending);
    expect(items[0]!.textContent).toContain(UI.verifiedOn('11/02/2026'));
    expect(items[1]!.querySelector('[data-testid="sso-record-name"]')!.textContent).toBe(pendingRecord.name);
    expect(items[1]!.querySelector('[data-testid="sso-record-value"]')!.textContent).toBe(pendingRecord.value);

    await act(async () => screen.getByRole('button', { name: UI.copyRecordValue('xn--acm-bma.test') }).click());
    expect(writeText).toHaveBeenCalledWith(pendingRecord.value);
    expect(shown).toContain(`success:${UI.recordCopied}`);
    await act(async () => screen.getByRole('button', { name: UI.copyRecordName('xn--acm-bma.test') }).click());
    expect(writeText).toHaveBeenCalledWith(pendingRecord.name);

    // Not published yet: told so, under the domain (role=status) and as a warning; shown as needing attention.
    await act(async () => screen.getByRole('button', { name: UI.checkNowLabel('xn--acm-bma.test') }).click());
    await until(h, () => screen.getAllByRole('status').some((s) => s.textContent === missing), 'the missing record message');
    expect(shown).toContain(`warning:${missing}`);
    expect(screen.getByLabelText(UI.domainStatusLabel('xn--acm-bma.test', UI.domainProblem))).toBeTruthy();
    // Published: verified.
    await act(async () => screen.getByRole('button', { name: UI.checkNowLabel('xn--acm-bma.test') }).click());
    await until(h, () => screen.queryAllByTestId('sso-domain')[1]?.dataset.status === 'verified', 'verified');
    expect(shown).toContain(`success:${M.domainVerified('xn--acm-bma.test')}`);
    expect(screen.getAllByRole('status').some((s) => s.textContent === M.domainVerified('xn--acm-bma.test'))).toBe(true);
    expect(h.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    // Nothing else was sent: Check now is not a save.
    expect(puts(h)).toHaveLength(0);
  });

  it('not set up yet: says so, the defaults, and the first save needs what the provider gave (the secret sent once typed)', async () => {
    serve(h, EMPTY);
    await open(h);
    expect(screen.getByTestId('sso-not-set').textContent).toContain(UI.notSet);
    expect(field(UI.issuer).value).toBe('');
    expect(field(UI.domains).value).toBe('');
    expect((screen.getByLabelText(UI.jitRefuse) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(UI.mandatory) as HTMLInputElement).checked).toBe(false);
    expect(describedBy(field(UI.clientSecret))).toBe(UI.clientSecretNew);

    // Nothing typed: the schema's messages under the fields, nothing sent.
    await act(async () => button(UI.save)!.click());
    await until(h, () => screen.queryByText(M.issuerRequired), 'the required messages');
    expect(screen.getByText(M.clientIdRequired)).toBeTruthy();
    expect(screen.getByText(M.domainsRequired)).toBeTruthy();
    expect(puts(h)).toHaveLength(0);

    type(UI.issuer, 'https://login.acme.test/tenant/v2.0');
    type(UI.clientId, 'client-acme');
    type(UI.clientSecret, 's3cret-value');
    type(UI.domains, ' Acme.TEST \n\nShop.Acme.test, ');
    await act(async () => screen.getByLabelText(UI.jitCreate).click());
    await act(async () => button(UI.save)!.click());
    await until(h, () => shown.includes(`success:${M.saved}`), 'the saved toast');
    expect(puts(h)).toHaveLength(1);
    expect(puts(h)[0]!.body).toEqual({ protocol: 'oidc', issuer: 'https://login.acme.test/tenant/v2.0', clientId: 'client-acme', clientSecret: 's3cret-value', domains: ['Acme.TEST', 'Shop.Acme.test'], jit: 'create', mandatory: false });
    // What the server saved, as it normalised it; the secret gone from the field, said to be saved.
    await until(h, () => field(UI.domains).value === 'acme.test\nshop.acme.test', 'the normalised domains');
    expect(field(UI.clientSecret).value).toBe('');
    expect(describedBy(field(UI.clientSecret))).toBe(UI.clientSecretKept);
    expect(screen.queryByTestId('sso-not-set')).toBeNull();
    expect(document.body.textContent).not.toContain('s3cret-value');
  });

  it('SAML: what to register at the provider (with Copy), the metadata asked the first time, sent alone with the rules; once saved, empty metadata keeps the provider', async () => {
    serve(h, EMPTY);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await open(h);
    await act(async () => screen.getByLabelText(UI.protocolSaml).click());
    await until(h, () => screen.queryByTestId('sso-saml-acs-url'), 'the SAML part');
    expect(screen.getByTestId('sso-saml-entity-id').textContent).toBe(SP.entityId);
    expect(screen.getByTestId('sso-saml-acs-url').textContent).toBe(SP.acsUrl);
    expect(screen.queryByLabelText(UI.issuer)).toBeNull();
    await act(async () => screen.getByRole('button', { name: UI.copyAcsUrl }).click());
    expect(writeText).toHaveBeenCalledWith(SP.acsUrl);

    type(UI.domains, 'acme.test');
    // The server asks for the metadata the first time (the form sends none when empty).
    h.answer((r) => (r.method === 'PUT' ? { status: 400, body: { message: SAML_MSG.metadataRequired, code: 'VALIDATION', issues: [{ path: 'metadataXml', message: SAML_MSG.metadataRequired }] } } : { status: 200, body: EMPTY }));
    await act(async () => button(UI.save)!.click());
    await until(h, () => screen.queryByText(SAML_MSG.metadataRequired), 'the metadata message');
    expect(puts(h)[0]!.body).toEqual({ protocol: 'saml', domains: ['acme.test'], jit: 'refuse', mandatory: false });

    const idp = { entityId: 'https://idp.acme.test/metadata', ssoUrl: 'https://idp.acme.test/sso', certificates: 1 };
    serve(h, EMPTY, (r) => ({ status: 200, body: { ...EMPTY, ...(r.body as object), configured: true, samlIdp: idp, message: M.saved } }));
    type(UI.samlMetadata, '<EntityDescriptor …/>');
    await act(async () => button(UI.save)!.click());
    await until(h, () => shown.includes(`success:${M.saved}`), 'the saved toast');
    expect(puts(h).at(-1)!.body).toEqual({ protocol: 'saml', metadataXml: '<EntityDescriptor …/>', domains: ['acme.test'], jit: 'refuse', mandatory: false });
  });

  it('a saved SAML brand: its provider shown, the metadata field empty (kept unless replaced)', async () => {
    serve(h, { ...SAVED, protocol: 'saml', issuer: 'https://idp.acme.test/metadata', clientId: '', clientSecretSet: false, samlIdp: { entityId: 'https://idp.acme.test/metadata', ssoUrl: 'https://idp.acme.test/sso', certificates: 2 } });
    h.render(<SsoSettingsTab session={getSession()!} />);
    await until(h, () => screen.queryByTestId('sso-saml-idp'), 'the saved provider');
    expect((screen.getByLabelText(UI.protocolSaml) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('sso-saml-idp').textContent).toBe(UI.samlSavedIdpValue('https://idp.acme.test/metadata', 'https://idp.acme.test/sso', 2));
    expect(field(UI.samlMetadata).value).toBe('');
    expect(describedBy(field(UI.samlMetadata))).toBe(UI.samlMetadataKept);
    await act(async () => button(UI.save)!.click());
    await until(h, () => puts(h).length === 1, 'the save');
    expect(puts(h)[0]!.body).toEqual({ protocol: 'saml', domains: ['acme.test', 'xn--acm-bma.test'], jit: 'create', mandatory: false });
  });

  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  it.each([
    ['its last day, far off', 400, UI.samlCertValidUntil(us(day(400))), false],
    ['a warning 30 days before its expiry', 10, UI.samlCertExpiresSoon(us(day(10)), 10), true],
    ['a warning once it has expired', -3, UI.samlCertExpired(us(day(-3))), true],
  ] as const)("a saved SAML brand's signing certificate: %s", async (_what, inDays, text, warned) => {
    serve(h, { ...SAVED, protocol: 'saml', issuer: 'https://idp.acme.test/metadata', clientId: '', clientSecretSet: false, samlIdp: { entityId: 'https://idp.acme.test/metadata', ssoUrl: 'https://idp.acme.test/sso', certificates: 1, validUntil: day(inDays) } });
    h.render(<SsoSettingsTab session={getSession()!} />);
    await until(h, () => screen.queryByTestId('sso-saml-cert'), 'the certificate line');
    expect(screen.getByTestId('sso-saml-cert').textContent).toBe(text);
    expect(screen.getByTestId('sso-saml-cert').getAttribute('role')).toBe(warned ? 'status' : null);
  });

  it('an empty secret keeps the saved one: not sent at all', async () => {
    serve(h, SAVED);
    await open(h);
    type(UI.clientId, 'client-acme-2');
    await act(async () => button(UI.save)!.click());
    await until(h, () => puts(h).length === 1, 'the save');
    expect(puts(h)[0]!.body).not.toHaveProperty('clientSecret');
    expect((puts(h)[0]!.body as { clientId: string }).clientId).toBe('client-acme-2');
  });

  it("a 400 shows each message under its field, every refused domain named under the domains", async () => {
    serve(h, SAVED, () => ({
      status: 400,
      body: {
        message: M.issuerInvalid,
        issues: [
          { path: 'issuer', message: M.issuerInvalid },
          { path: 'domains.1', message: M.domainPublic('gmail.com') },
          { path: 'domains', message: M.domainTaken('other.test') },
        ],
      },
    }));
    await open(h);
    type(UI.issuer, 'http://login.acme.test');
    type(UI.domains, 'acme.test\ngmail.com\nother.test');
    await act(async () => button(UI.save)!.click());
    await until(h, () => screen.queryByText(M.issuerInvalid), 'the issuer message');
    expect(field(UI.issuer).getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field(UI.issuer))).toBe(M.issuerInvalid);
    const domains = describedBy(field(UI.domains));
    expect(domains).toContain(M.domainPublic('gmail.com'));
    expect(domains).toContain(M.domainTaken('other.test'));
    expect(field(UI.domains).getAttribute('aria-invalid')).toBe('true');
    // Under the fields, not as a toast.
    expect(shown.filter((s) => s.startsWith('warning:') || s.startsWith('error:'))).toEqual([]);
  });

  it('turning mandatory on asks first: Cancel sends nothing, confirming saves it; once on, a save asks no more', async () => {
    serve(h, SAVED);
    await open(h);
    await act(async () => screen.getByLabelText(UI.mandatory).click());
    await act(async () => button(UI.save)!.click());
    await until(h, () => dialog(), 'the confirmation');
    expect(dialog()!.textContent).toContain(UI.confirmText);
    expect(dialog()!.textContent).toContain('People with these domains will no longer sign in with a password');
    expect(puts(h)).toHaveLength(0);
    await act(async () => button('Cancel')!.click());
    await until(h, () => !dialog(), 'the dialog closed');
    expect(puts(h)).toHaveLength(0);

    await act(async () => button(UI.save)!.click());
    await until(h, () => dialog(), 'the confirmation again');
    await act(async () => button(UI.confirmYes)!.click());
    await until(h, () => shown.includes(`success:${M.saved}`), 'saved');
    expect(puts(h)).toHaveLength(1);
    expect((puts(h)[0]!.body as { mandatory: boolean }).mandatory).toBe(true);
    expect(dialog()).toBeNull();
    expect((screen.getByLabelText(UI.mandatory) as HTMLInputElement).checked).toBe(true);

    await act(async () => button(UI.save)!.click());
    await until(h, () => puts(h).length === 2, 'the second save');
    expect(dialog()).toBeNull();
  });
});

describe('the tab', () => {
  describe('a brand admin', () => {
    const h = featureHarness();
    it('sees Single sign-on among the settings tabs', async () => {
      serve(h, SAVED);
      h.render(
        <MemoryRouter initialEntries={['/dashboard/profile/settings?tab=sso']}>
          <SettingsRoute />
        </MemoryRouter>,
      );
      await until(h, () => screen.queryByLabelText(UI.issuer), 'the SSO tab');
      expect(screen.getByRole('tab', { name: UI.tab })).toBeTruthy();
    });
  });
  describe('an ADMIN acting as a brand', () => {
    const h = featureHarness({ user: { _id: 'a1', name: 'Ada', roles: [{ name: 'ADMIN' }], brand: null } });
    it("sees the tab and reads and saves that brand's settings", async () => {
      setSession({ ...getSession()!, actingBrand: { _id: 'brand-2', name: 'Other' } } as Parameters<typeof setSession>[0]);
      h.answer((r) => (r.url.pathname.endsWith('/accounts') ? { status: 200, body: { data: [], nextCursor: null } } : r.method === 'GET' ? { status: 200, body: SAVED } : { status: 200, body: { ...SAVED, message: M.saved } }));
      h.render(
        <MemoryRouter initialEntries={['/dashboard/profile/settings?tab=sso']}>
          <SettingsRoute />
        </MemoryRouter>,
      );
      await until(h, () => screen.queryByLabelText(UI.issuer), 'the SSO tab');
      expect(screen.getByRole('form', { name: UI.formLabel('Other') })).toBeTruthy();
      await act(async () => button(UI.save)!.click());
      await until(h, () => puts(h).length === 1, 'the save');
      expect(h.calls.map((c) => `${c.method} ${c.url.pathname.replace(/^.*\/sso\//, '/sso/')}`)).toEqual(['GET /sso/brand-2', 'GET /sso/brand-2/accounts', 'PUT /sso/brand-2']);
    });
  });
  describe('a User of the brand', () => {
    const h = featureHarness({ user: { _id: 'u2', name: 'Ugo', roles: [{ name: 'User' }], associated_retailers: [], brand: { _id: 'brand-1', name: 'B' } } });
    it('has no such tab, even asked for by the URL', async () => {
      h.answer(() => ({ status: 200, body: { data: [], totalCount: 0 } }));
      h.render(
        <MemoryRouter initialEntries={['/dashboard/profile/settings?tab=sso']}>
          <SettingsRoute />
        </MemoryRouter>,
      );
      await h.settle();
      expect(screen.queryByRole('tab', { name: UI.tab })).toBeNull();
      expect(screen.queryByLabelText(UI.issuer)).toBeNull();
      expect(h.calls.filter((c) => c.url.pathname.includes('/sso/'))).toHaveLength(0);
    });
  });
});
