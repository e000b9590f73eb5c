/** Filling labelled form fields and finding the open dialog in jsdom feature tests (Testing Library). */
import { fireEvent, screen } from '@testing-library/react';

/** The open dialog, or null. */
export const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;

/** Sets the (first) input, select or text area labelled `label` to `value` as a user's edit would (Testing Library's change event). */
export function type(label: string, value: string) {
  fireEvent.change(screen.getAllByLabelText(label, { selector: 'input, select, textarea' })[0]!, { target: { value } });
}
