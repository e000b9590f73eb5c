/** Filling labelled form fields and finding the open dialog in jsdom feature tests. */
import { act } from 'react';

/** The open dialog, or null. */
export const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;

/** Sets the input or select labelled `label` (trimmed) to `value` as a user would: the React value setter, then `input` (or `change` for a select). */
export function type(label: string, value: string) {
  const el = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)!;
  const input = document.getElementById(el.htmlFor) as HTMLInputElement | HTMLSelectElement;
  const setter = Object.getOwnPropertyDescriptor(input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
