/**
 * A React root in the document for component tests, through Testing Library: a fresh host element
 * before each test, `dom.render` renders into it (inside act; a second call re-renders the same
 * tree with new props), and after the test it is unmounted and the document emptied. `dom.host`
 * is the current test's host; Testing Library's `screen` queries the whole document.
 */
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';

// Tests also call React's own act() (settling effects): outside Testing Library's render, React needs this to accept it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function domRoot(): { readonly host: HTMLDivElement; render: (ui: ReactNode) => void } {
  let host: HTMLDivElement;
  let rerender: ((ui: ReactNode) => void) | undefined;
  beforeEach(() => {
    host = document.body.appendChild(document.createElement('div'));
    rerender = undefined;
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });
  return {
    get host() {
      return host;
    },
    render: (ui) => {
      if (rerender) rerender(ui);
      else rerender = render(ui, { container: host }).rerender;
    },
  };
}
