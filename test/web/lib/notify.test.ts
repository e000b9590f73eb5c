/**
 * Toasts (web/src/lib/notify.tsx): the same message repeated at once shows one toast; repeated
 * once that toast has been up a moment (the user clicks again while it slides out) it is a new
 * toast, never swallowed by the old one's id.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { kind: string; message: string; id: string }[] = [];
const active = new Set<string>();
vi.mock('react-toastify', () => {
  const make = (kind: string) => (message: string, opts: { toastId: string }) => {
    shown.push({ kind, message, id: opts.toastId });
    active.add(opts.toastId);
    return opts.toastId;
  };
  return { toast: { success: make('success'), info: make('info'), warning: make('warning'), error: make('error'), isActive: (id: string) => active.has(id) } };
});

const { notify, REPEAT_WINDOW_MS } = await import('../../../web/src/lib/notify');

describe('notify', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    shown.length = 0;
    active.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('shows one toast for a message repeated at once (40 failures of one kind), and one per distinct message or kind', () => {
    for (let i = 0; i < 40; i++) notify.error('Network error');
    notify.error('Other');
    notify.success('Network error');
    expect(shown.map((s) => `${s.kind}:${s.message}`)).toEqual(['error:Network error', 'error:Other', 'success:Network error']);
  });

  it('shows the message again when it is repeated after the window, with a new id, even while the old toast is still held (sliding out)', () => {
    notify.success('Product Added!');
    vi.advanceTimersByTime(REPEAT_WINDOW_MS + 1);
    notify.success('Product Added!');
    expect(shown.map((s) => s.message)).toEqual(['Product Added!', 'Product Added!']);
    expect(new Set(shown.map((s) => s.id)).size).toBe(2);
  });

  it('shows it again at once when the first toast is gone (closed by the user)', () => {
    notify.info('Already Added!');
    active.clear();
    notify.info('Already Added!');
    expect(shown).toHaveLength(2);
  });
});
