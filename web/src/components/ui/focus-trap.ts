/** Keeping keyboard focus inside a box (an open modal): Tab from the last item goes to the first, Shift+Tab from the first to the last. */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Handles a Tab keydown inside `box`: moves focus round when it would leave the box. */
export function trapTab(box: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (!items.length) {
    e.preventDefault();
    box.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && box.contains(active);
  if (e.shiftKey && (active === first || !inside || active === box)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}
