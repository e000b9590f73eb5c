/**
 * The B2B link modal in jsdom (fetch stubbed at the network edge): the active links come a page
 * (25) at a time by the API's cursor — 'Show more links' reads the next page and disappears on the
 * last one — and a revoke reads the pages shown again.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { B2bLinkModal } = await import('../../../web/src/features/b2b-links/components/b2b-link-modal');

const h = featureHarness();
const link = (i: number) => ({
  _id: `link-${String(i).padStart(11, '0')}`,
  brand: 'brand-1',
  retailer: 'ret-1',
  createdBy: { _id: 'u1', name: `Issuer ${i}` },
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
  status: 'active',
});
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;
const rows = () => document.querySelectorAll('table.b2b-links__table tbody tr').length;

describe('B2bLinkModal', () => {
  it('shows 25 links, reads the next page by cursor on Show more links, and reads the pages again after a revoke', async () => {
    let active = Array.from({ length: 30 }, (_, i) => link(i));
    h.answer(({ method, url }) => {
      if (method === 'DELETE') {
        const id = url.pathname.split('/').pop();
        const gone = active.find((l) => l._id === id)!;
        active = active.filter((l) => l._id !== id);
        return { status: 200, body: { message: 'Link revoked.', data: { ...gone, status: 'revoked', revokedAt: '2026-11-23T10:00:00.000Z', revokedBy: { _id: 'u1', name: 'Bea' } } } };
      }
      const from = url.searchParams.get('cursor') ? Number(url.searchParams.get('cursor')) : 0;
      const page = active.slice(from, from + 25);
      return { status: 200, body: { data: page, nextCursor: from + 25 < active.length ? String(from + 25) : null } };
    });
    await h.render(<B2bLinkModal brandId="brand-1" retailerId="ret-1" retailerName="Harrowgate" onClose={() => {}} />);
    await h.settle();
    expect(rows()).toBe(25);
    expect(h.calls[0]!.url.searchParams.get('cursor')).toBeNull();

    await act(async () => button('Show more links')!.click());
    await h.settle();
    expect(rows()).toBe(30);
    expect(h.calls.at(-1)!.url.searchParams.get('cursor')).toBe('25');
    expect(button('Show more links')).toBeUndefined();

    const before = h.calls.length;
    await act(async () => (document.querySelector('button[aria-label^="Revoke the link created by Issuer 3 "]') as HTMLButtonElement).click());
    await act(async () => [...document.querySelectorAll('[role="dialog"] button')].filter((b) => b.textContent?.trim() === 'Revoke').at(-1)!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    await h.settle();
    expect(shown).toContain('success:Link revoked.');
    expect(h.calls.slice(before).filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
    expect(rows()).toBe(29);
    expect([...document.querySelectorAll('td')].map((c) => c.textContent)).not.toContain('Issuer 3');
    expect([...document.querySelectorAll('td')].map((c) => c.textContent)).toContain('Issuer 29');
  });
});
