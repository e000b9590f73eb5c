/**
 * A React root in the document for component tests: a fresh host element and root before each
 * test, unmounted and the document emptied after it. `dom.host` is the current test's host;
 * `dom.render` renders into it inside act().
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function domRoot(): { readonly host: HTMLDivElement; render: (ui: ReactNode) => void } {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
  });
  return {
    get host() {
      return host;
    },
    render: (ui) => act(() => root.render(ui)),
  };
}
