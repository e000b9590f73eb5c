/**
 * The side menu's 'Clear All Baskets' (000 §2, issue 20 §6): it empties every basket of the user
 * at once, so it asks first; Cancel sends nothing, confirming sends DELETE /basket and says
 * 'All Baskets Cleared'.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { SideMenu } = await import('../../../web/src/app/layouts/side-menu');
const { getSession } = await import('../../../web/src/lib/session');

const h = featureHarness();
const buttons = () => [...document.querySelectorAll('button')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe("'Clear All Baskets'", () => {
  it('asks before emptying every basket; Cancel keeps them, confirming clears them', async () => {
    h.answer((r) => (r.method === 'DELETE' && r.url.pathname.endsWith('/basket') ? { status: 200, body: { message: 'All Baskets Cleared', removed: 3 } } : { status: 404, body: { message: 'no' } }));
    const onNavigate = vi.fn();
    await h.render(
      <MemoryRouter>
        <SideMenu session={getSession()!} open onNavigate={onNavigate} />
      </MemoryRouter>,
    );
    const menuButton = buttons().find((b) => b.textContent === 'Clear All Baskets')!;
    await act(async () => menuButton.click());
    expect(dialog()?.textContent).toContain('Empty every basket, for every retailer?');
    expect(h.calls).toHaveLength(0);
    await act(async () => buttons().find((b) => b.textContent === 'Cancel')!.click());
    await h.settle();
    expect(dialog()).toBeNull();
    expect(h.calls).toHaveLength(0);
    expect(shown).toEqual([]);

    await act(async () => menuButton.click());
    await act(async () => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Clear All Baskets')!.click());
    await h.settle();
    expect(h.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['DELETE /api/basket']);
    expect(shown).toEqual(['success:All Baskets Cleared']);
    expect(dialog()).toBeNull();
    expect(onNavigate).toHaveBeenCalled();
  });
});
