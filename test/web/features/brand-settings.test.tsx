/**
 * The Brand and Manage Reports tabs of Settings in jsdom (fetch stubbed at the network edge):
 * the contrast figures and warning (shown before saving, not blocking), Reset to defaults, save
 * (the body, 'Successfully updated', the session's brand repainting the theme), a bad colour
 * stopped before the call, a plain User read-only; the month picker's bounds (Aug 2018 to the
 * current month) and the report export (MM-YYYY, the link opened, errors through handle-error).
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { contrastIssues, contrastRatio } = await import('../../../web/src/features/brand-settings/contrast');
const { BrandSettingsTab } = await import('../../../web/src/features/brand-settings/components/brand-settings-tab');
const { ManageReportsTab } = await import('../../../web/src/features/reports/components/manage-reports-tab');
const { getSession } = await import('../../../web/src/lib/session');
const { themeColors } = await import('../../../web/src/lib/access');

const DEFAULTS = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };
const brand = { _id: 'brand-1', name: 'Maison B', slug: 'maison-b', colors: DEFAULTS, company_email_bcc: 'audit@maison.test' };
const h = featureHarness({ user: { _id: 'u1', name: 'Bea', roles: [{ name: 'BRAND_ADMIN' }], brand } });
const { calls, render, settle } = h;

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;
const input = (label: string) => document.getElementById([...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!.htmlFor) as HTMLInputElement;
const warning = () => document.querySelector('.brand-settings__warning');

/** Types into a react-colorful / plain input as a user does. */
async function type(el: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('contrast (WCAG)', () => {
  it('black on white is 21:1, white on white 1:1, the defaults pass everywhere', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#ffffff', '#333131')!).toBeGreaterThan(12);
    expect(contrastIssues(DEFAULTS)).toEqual([]);
  });

  it('flags text on the background, on the hover colour laid over it, and on the summary section, each below 4.5:1', () => {
    const low = contrastIssues({ ...DEFAULTS, bgColor: '#cccccc' });
    expect(low.map((i) => i.where)).toEqual(['background colour', 'hover colour (over the background)']);
    expect(low[0]!.message).toMatch(/^The text colour on the background colour has a contrast of 1\.\d+:1, below 4\.5:1/);
    // A hover colour opaque and light under white text.
    expect(contrastIssues({ ...DEFAULTS, hoverColor: '#eeeeeeff' }).map((i) => i.where)).toEqual(['hover colour (over the background)']);
    expect(contrastIssues({ ...DEFAULTS, summaryPageSectionColor: '#ffff00' }).map((i) => i.where)).toEqual(['summary section colour']);
    // #767676 on white is the classic 4.54:1: just passes; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')!).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')!).toBeLessThan(4.5);
  });
});

describe('BrandSettingsTab', () => {
  beforeEach(() => h.answer((r) => ({ status: 200, body: { message: 'Successfully updated', data: { ...brand, retailers: [], ...(r.body as object) } } })));

  it('shows the four colour pickers with the brand colours and the BCC; a low contrast shows a warning at once, and Save still sends', async () => {
    await render(<BrandSettingsTab session={getSession()!} />);
    await settle();
    expect([...document.querySelectorAll('.colour-picker .field__label')].map((e) => e.textContent)).toEqual(['Background colour', 'Text colour', 'Hover colour', 'Summary section colour']);
    expect(input('Background colour (hex)').value.toLowerCase()).toBe('#333131');
    expect(input('Company BCC email').value).toBe('audit@maison.test');
    expect(warning()).toBeNull();
    await type(input('Background colour (hex)'), '#dddddd');
    expect(warning()?.textContent).toContain('The text colour on the background colour has a contrast of');
    expect(warning()?.getAttribute('role')).toBe('status');
    expect(calls).toHaveLength(0);
    await act(async () => button('Save').click());
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url.pathname).toMatch(/\/brands\/brand-1$/);
    expect(calls[0]!.body).toEqual({ colors: { ...DEFAULTS, bgColor: '#dddddd' }, company_email_bcc: 'audit@maison.test' });
    expect(shown).toContain('success:Successfully updated');
  });

  it("saving puts the colours in the session's brand: the theme follows without a reload", async () => {
    await render(<BrandSettingsTab session={getSession()!} />);
    await settle();
    await type(input('Background colour (hex)'), '#1f4e79');
    await act(async () => button('Save').click());
    await settle();
    expect(themeColors(getSession()).bgColor).toBe('#1f4e79');
    expect(getSession()!.user.brand!.colors.bgColor).toBe('#1f4e79');
  });

  it('Reset to defaults puts back the spec colours (not saved until Save)', async () => {
    await render(<BrandSettingsTab session={getSession()!} />);
    await settle();
    await type(input('Text colour (hex)'), '#000000');
    expect(button('Reset to defaults').disabled).toBe(false);
    await act(async () => button('Reset to defaults').click());
    expect(input('Text colour (hex)').value.toLowerCase()).toBe('#ffffff');
    expect(input('Hover colour (hex)').value.toLowerCase()).toBe('#ffffff3b');
    expect(button('Reset to defaults').disabled).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('a bad BCC is stopped before the call with the message of the schema; a server refusal goes through handle-error', async () => {
    await render(<BrandSettingsTab session={getSession()!} />);
    await settle();
    await type(input('Company BCC email'), 'not-an-email');
    await act(async () => button('Save').click());
    await settle();
    expect(calls).toHaveLength(0);
    expect(shown).toContain('warning:Company BCC email must be a valid email address, or empty.');
    h.answer(() => ({ status: 403, body: { message: 'You do not have access to this resource.' } }));
    await type(input('Company BCC email'), '');
    await act(async () => button('Save').click());
    await settle();
    expect(calls).toHaveLength(1);
    expect(shown.some((t) => t.endsWith(':You do not have access to this resource.'))).toBe(true);
  });
});

describe('BrandSettingsTab for a plain User', () => {
  it('shows the settings read-only: no Save, no Reset, inputs disabled', async () => {
    const { setSession } = await import('../../../web/src/lib/session');
    setSession({ ...getSession()!, user: { ...getSession()!.user, roles: [{ _id: 'r', name: 'User', label: 'User', value: 'r' }] } });
    await render(<BrandSettingsTab session={getSession()!} />);
    await settle();
    expect(button('Save')).toBeUndefined();
    expect(button('Reset to defaults')).toBeUndefined();
    expect(input('Background colour (hex)').disabled).toBe(true);
    expect(document.body.textContent).toContain("Only a brand admin can change the brand's colours and BCC email.");
  });
});

describe('BrandSettingsTab for an ADMIN acting as a brand', () => {
  it("reads the acting brand from GET /brands (its BCC is not in the session) and saving repaints the acting brand's theme", async () => {
    const { setSession } = await import('../../../web/src/lib/session');
    setSession({ ...getSession()!, user: { ...getSession()!.user, roles: [{ _id: 'a', name: 'ADMIN', label: 'ADMIN', value: 'a' }], brand: null }, actingBrand: { _id: 'brand-1', name: 'Maison B', slug: 'maison-b', colors: DEFAULTS } });
    h.answer((r) =>
      r.method === 'GET'
        ? { status: 200, body: { data: [{ ...brand, _id: 'brand-0', name: 'Other' }, { ...brand, company_email_bcc: 'admin-view@maison.test', retailers: [] }] } }
        : { status: 200, body: { message: 'Successfully updated', data: { ...brand, retailers: [], ...(r.body as object) } } },
    );
    await render(<BrandSettingsTab session={getSession()!} />);
    await settle();
    expect(calls[0]!.url.pathname).toMatch(/\/brands$/);
    expect(input('Company BCC email').value).toBe('admin-view@maison.test');
    await type(input('Summary section colour (hex)'), '#27496d');
    await act(async () => button('Save').click());
    await settle();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toMatch(/\/brands\/brand-1$/);
    expect(getSession()!.actingBrand!.colors!.summaryPageSectionColor).toBe('#27496d');
    expect(themeColors(getSession()).summaryPageSectionColor).toBe('#27496d');
  });
});

describe('ManageReportsTab', () => {
  const now = new Date(2026, 10, 23, 12);

  it('the month picker shows the current month, offers Aug 2018 to the current month only', async () => {
    await render(<ManageReportsTab session={getSession()!} now={now} open={() => undefined} />);
    await settle();
    const field = input('Month');
    expect(field.value).toBe('Nov 2026');
    await act(async () => {
      field.focus();
      field.click();
    });
    await settle(2);
    const month = (label: string) => [...document.querySelectorAll('.react-datepicker__month-text')].find((e) => e.textContent?.trim() === label)!;
    expect(month('November').getAttribute('aria-disabled')).toBe('false');
    expect(month('December').getAttribute('aria-disabled')).toBe('true');
    const previous = () => document.querySelector<HTMLButtonElement>('.react-datepicker__navigation--previous');
    for (let y = 2026; y > 2018; y--) await act(async () => previous()!.click());
    expect(document.querySelector('.react-datepicker-year-header')?.textContent).toBe('2018');
    expect(month('July').getAttribute('aria-disabled')).toBe('true');
    expect(month('August').getAttribute('aria-disabled')).toBe('false');
    // No year before 2018 to go to.
    expect(previous() === null || previous()!.disabled || previous()!.classList.contains('react-datepicker__navigation--previous--disabled')).toBe(true);
  });

  it("Export asks for the month as MM-YYYY and opens the answer's link", async () => {
    const opened: string[] = [];
    h.answer(() => ({ status: 200, body: { link: 'http://localhost/api/exports/download?token=t', name: 'Maison B - Monthly report - Nov 2026.xlsx', rows: 3 } }));
    await render(<ManageReportsTab session={getSession()!} now={now} open={(l) => opened.push(l)} />);
    await settle();
    await act(async () => button('Export').click());
    await settle();
    expect(calls[0]!.url.pathname).toMatch(/\/report_summary\/brand-1$/);
    expect(calls[0]!.url.searchParams.get('month')).toBe('11-2026');
    expect(opened).toEqual(['http://localhost/api/exports/download?token=t']);
  });

  it("a refusal shows the server's message through handle-error and opens nothing", async () => {
    const opened: string[] = [];
    h.answer(() => ({ status: 400, body: { message: 'That month has not started yet: choose the current month or an earlier one.' } }));
    await render(<ManageReportsTab session={getSession()!} now={now} open={(l) => opened.push(l)} />);
    await settle();
    await act(async () => button('Export').click());
    await settle();
    expect(shown.some((t) => t.endsWith(':That month has not started yet: choose the current month or an earlier one.'))).toBe(true);
    expect(opened).toEqual([]);
  });
});
