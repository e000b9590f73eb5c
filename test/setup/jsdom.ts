/**
 * The web tier's jsdom has no layout: `window.scrollTo` (a list's pager goes back to the top)
 * is a spy that records the call instead of jsdom's "Not implemented" error on stderr.
 */
import { vi } from 'vitest';

window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
