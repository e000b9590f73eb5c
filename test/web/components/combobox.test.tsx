/**
 * The UI kit's Combobox (the Brand SKU edit's searchable select, issue 20 §5): the ARIA combobox
 * pattern, type to filter by words, at most `limit` options drawn out of thousands with a status
 * saying so, keyboard choice, and a field that never shows text other than the choice once left.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Combobox } from '../../../web/src/components/ui/combobox';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Opt {
  _id: string;
  sku: string;
}
const CATEGORIES = ['BAG', 'SLG', 'SHO', 'JWL', 'SCF', 'EYE'];
/** As many options as the demo brand's real catalogue has. */
const OPTIONS: Opt[] = Array.from({ length: 2554 }, (_, i) => ({ _id: `o${i}`, sku: `MA-${CATEGORIES[i % 6]}-${1000 + i}` }));
const OTHER: Opt = { _id: 'other', sku: 'Other' };

let host: HTMLDivElement;
let root: Root;
let chosen: Opt | null = null;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  chosen = null;
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

function Harness({ initial = null }: { initial?: Opt | null }) {
  const [selected, setSelected] = useState<Opt | null>(initial);
  return (
    <>
      <Combobox
        label="Brand sku"
        options={OPTIONS}
        pinned={[OTHER]}
        optionKey={(o) => o._id}
        optionLabel={(o) => o.sku}
        selected={selected}
        onSelect={(o) => {
          chosen = o;
          setSelected(o);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const input = () => host.querySelector<HTMLInputElement>('input')!;
const listbox = () => host.querySelector<HTMLElement>('[role="listbox"]')!;
const options = () => [...host.querySelectorAll<HTMLElement>('[role="option"]')];
const status = () => host.querySelector('[role="status"]')!.textContent;
const type = (value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
const key = (k: string) => act(() => void input().dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));

describe('Combobox', () => {
  it('is a labelled combobox controlling a listbox, closed at first', () => {
    act(() => root.render(<Harness />));
    expect(input().getAttribute('role')).toBe('combobox');
    expect(document.getElementById(input().getAttribute('aria-labelledby')!)!.textContent).toBe('Brand sku');
    expect(input().getAttribute('aria-controls')).toBe(listbox().id);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(options()).toHaveLength(0);
  });

  it('draws at most 50 of 2,554 options (and Other), saying so, and filters by words in any order as typed', () => {
    act(() => root.render(<Harness />));
    input().focus();
    key('ArrowDown');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(options()).toHaveLength(51);
    expect(options().at(-1)!.textContent).toBe('Other');
    expect(status()).toBe('2,554 options, the first 50 shown: type to narrow.');

    type('bag');
    const bags = OPTIONS.filter((o) => o.sku.includes('BAG')).length;
    expect(options()).toHaveLength(51);
    expect(status()).toBe(`${bags.toLocaleString('en-US')} matches, the first 50 shown: type to narrow.`);

    // Words in any order, case and punctuation folded: 'ma-bag-1000' is 'MA-BAG-1000' only; '1006 bag' finds 'MA-BAG-1006'.
    type('1006 bag');
    expect(options().map((o) => o.textContent)).toEqual(['MA-BAG-1006', 'Other']);
    expect(status()).toBe('1 match.');
    type('zzz');
    expect(options().map((o) => o.textContent)).toEqual(['Other']);
    expect(status()).toBe('No match: type something else.');
  });

  it('highlights the first match as one types; arrows move, Enter chooses, and the field shows the choice', () => {
    act(() => root.render(<Harness />));
    input().focus();
    type('slg 101');
    const first = options()[0]!;
    expect(input().getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    const second = options()[1]!;
    expect(input().getAttribute('aria-activedescendant')).toBe(second.id);
    const label = second.textContent;
    key('Enter');
    expect(chosen?.sku).toBe(label);
    expect(input().value).toBe(label);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    // Opening again lists every option, not only the chosen one.
    key('ArrowDown');
    expect(status()).toBe('2,554 options, the first 50 shown: type to narrow.');
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks Other (pinned) by keyboard whatever is typed', () => {
    act(() => root.render(<Harness />));
    input().focus();
    type('nothing like it');
    key('ArrowDown');
    key('Enter');
    expect(chosen).toEqual(OTHER);
    expect(input().value).toBe('Other');
  });

  it('text left by Escape or matching nothing gives way to the choice; a match is taken on leaving; clearing the field clears the choice', () => {
    act(() => root.render(<Harness initial={OPTIONS[7]!} />));
    expect(input().value).toBe(OPTIONS[7]!.sku);
    input().focus();
    type('MA-JW');
    key('Escape');
    expect(input().value).toBe(OPTIONS[7]!.sku);
    type('no such sku');
    act(() => host.querySelector<HTMLButtonElement>('button:not([tabindex])')!.focus());
    expect(input().value).toBe(OPTIONS[7]!.sku);
    expect(chosen).toBeNull(); // nothing new was chosen (not Other either)
    // Text that matches: leaving the field takes the first match, as Enter would.
    input().focus();
    type('eye 1011');
    act(() => host.querySelector<HTMLButtonElement>('button:not([tabindex])')!.focus());
    expect(chosen?.sku).toBe('MA-EYE-1011');
    expect(input().value).toBe('MA-EYE-1011');
    input().focus();
    type('');
    expect(chosen).toBeNull();
    expect(input().value).toBe('');
    expect(host.querySelector('[aria-selected="true"]')).toBeNull();
  });
});
