import { describe, expect, it } from 'vitest';
import { createPageCursors } from '../../../web/src/lib/page-cursors';

describe('page cursors of the lists the web has shown', () => {
  it('asks page n + 1 with the cursor page n answered, and page 1 never with one', () => {
    const c = createPageCursors();
    c.remember('pending', 1, 'c2');
    c.remember('pending', 2, 'c3');
    expect(c.cursorFor('pending', 2)).toBe('c2');
    expect(c.cursorFor('pending', 3)).toBe('c3');
    expect(c.cursorFor('pending', 1)).toBeUndefined();
  });

  it('asks a page not reached by walking (a jump, Last) by number alone', () => {
    const c = createPageCursors();
    c.remember('pending', 1, 'c2');
    expect(c.cursorFor('pending', 7)).toBeUndefined();
  });

  it('keeps the cursors of another filter apart, and forgets all after a change', () => {
    const c = createPageCursors();
    c.remember('pending', 1, 'c2');
    expect(c.cursorFor('approved', 2)).toBeUndefined();
    c.clear();
    expect(c.cursorFor('pending', 2)).toBeUndefined();
  });

  it('remembers nothing for the last page (no next cursor)', () => {
    const c = createPageCursors();
    c.remember('pending', 4, null);
    expect(c.cursorFor('pending', 5)).toBeUndefined();
  });

  it('holds a bounded number of lists, dropping the oldest', () => {
    const c = createPageCursors(2);
    c.remember('a', 1, 'a2');
    c.remember('b', 1, 'b2');
    c.remember('c', 1, 'c2');
    expect(c.cursorFor('a', 2)).toBeUndefined();
    expect(c.cursorFor('c', 2)).toBe('c2');
  });
});
