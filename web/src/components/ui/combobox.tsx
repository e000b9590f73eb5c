/**
 * A searchable select for long option lists (the Brand SKU edit's 2,500+ options): the WAI-ARIA
 * combobox pattern from downshift's `useCombobox` (role, aria-expanded / -controls /
 * -activedescendant, the listbox and its options, arrows, Home, End, Enter, Escape, Tab). Typing
 * filters as every search box of the product does (shared/search.ts: the words, case, accents and
 * punctuation folded, in any order) and highlights the first match, so Enter, Tab or leaving the
 * field picks it; text that matches nothing gives way to the choice when the field is left. At
 * most `limit` matches are drawn (rendering thousands of options on each keystroke is what made a
 * plain select of them slow): a polite status line under the field says how many match and, past
 * the limit, to type on. `pinned` options (e.g. Other) always follow the matches.
 *
 * The listbox opens in the flow of the page, below the field, not over it: the tables that hold
 * the edit scroll sideways and would clip a floating list.
 */
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useId, useMemo, useState } from 'react';
import { matchesWords, searchText, searchWords } from '@shared/search';
import './combobox.css';

export interface ComboboxProps<T> {
  label: string;
  /** The label is read by screen readers only (a compact field in a table row). */
  labelHidden?: boolean;
  options: readonly T[];
  /** Offered after the matches whatever is typed (e.g. Other). */
  pinned?: readonly T[];
  optionKey: (option: T) => string;
  optionLabel: (option: T) => string;
  selected: T | null;
  onSelect: (option: T | null) => void;
  placeholder?: string;
  /** The most matches drawn at once (default 50). */
  limit?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the element describing the field (an error message). */
  describedBy?: string;
  /** Focus the field when it appears (an edit opened by a click). */
  autoFocus?: boolean;
  className?: string;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The status line: how many options match the text typed, and whether all of them are shown. */
export function matchStatus(total: number, shown: number, typed: boolean): string {
  if (total === 0) return typed ? 'No match: type something else.' : 'No options.';
  const what = typed ? `${fmt(total)} ${total === 1 ? 'match' : 'matches'}` : `${fmt(total)} ${total === 1 ? 'option' : 'options'}`;
  return shown < total ? `${what}, the first ${fmt(shown)} shown: type to narrow.` : `${what}.`;
}

/** The options whose text (`texts[i]`, searchText of option i) matches `text`: the first `limit`, and how many in all. */
function filterOptions<T>(options: readonly T[], texts: readonly string[], text: string, limit: number): { matches: T[]; total: number } {
  const words = searchWords(text);
  if (!words.length) return { matches: options.slice(0, limit), total: options.length };
  const matches: T[] = [];
  let total = 0;
  for (let i = 0; i < options.length; i++) {
    if (!matchesWords(texts[i]!, words)) continue;
    if (matches.length < limit) matches.push(options[i]!);
    total++;
  }
  return { matches, total };
}

export function Combobox<T>({ label, labelHidden = false, options, pinned = [], optionKey, optionLabel, selected, onSelect, placeholder, limit = 50, disabled = false, invalid = false, describedBy, autoFocus = false, className = 'field combobox' }: ComboboxProps<T>) {
  /** The text typed since the last choice: what filters (a choice shows its label in the field without filtering by it). */
  const [query, setQuery] = useState('');
  const id = useId();
  const texts = useMemo(() => options.map((o) => searchText([optionLabel(o)])), [options, optionLabel]);
  const { matches, total } = useMemo(() => filterOptions(options, texts, query, limit), [options, texts, query, limit]);
  const items = useMemo(() => [...matches, ...pinned], [matches, pinned]);
  const labelOf = (o: T | null) => (o ? optionLabel(o) : '');

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<T>({
    items,
    inputId: `${id}-input`,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    toggleButtonId: `${id}-toggle`,
    getItemId: (index) => `${id}-option-${index}`,
    itemToString: labelOf,
    itemToKey: (o) => (o ? optionKey(o) : null),
    selectedItem: selected,
    initialInputValue: labelOf(selected),
    onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
    onInputValueChange: ({ type, inputValue }) => setQuery(type === useCombobox.stateChangeTypes.InputChange ? (inputValue ?? '') : ''),
    stateReducer: (state: UseComboboxState<T>, { type, changes }: UseComboboxStateChangeOptions<T>) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputChange: {
          // Typing highlights the first match (Enter or Tab takes it); clearing the field clears the choice.
          const text = changes.inputValue ?? '';
          const firstMatch = searchWords(text).length && filterOptions(options, texts, text, limit).matches.length ? 0 : -1;
          return { ...changes, highlightedIndex: firstMatch, ...(text.trim() ? {} : { selectedItem: null }) };
        }
        case useCombobox.stateChangeTypes.InputBlur:
          // Left without taking an option: the field shows the choice again, not half-typed text.
          return changes.selectedItem !== undefined && changes.selectedItem !== state.selectedItem ? changes : { ...changes, inputValue: labelOf(state.selectedItem) };
        case useCombobox.stateChangeTypes.InputKeyDownEscape:
        case useCombobox.stateChangeTypes.ToggleButtonClick:
          // The list closed without a choice (Escape again, on a closed list, clears the choice as usual).
          return state.isOpen ? { ...changes, inputValue: labelOf(state.selectedItem) } : changes;
        default:
          return changes;
      }
    },
  });

  const status = matchStatus(total, matches.length, !!searchWords(query).length);
  const statusId = `${id}-status`;
  return (
    <div className={className}>
      <label {...getLabelProps({ className: labelHidden ? 'sr-only' : 'field__label' })}>{label}</label>
      <div className="combobox__control">
        <input
          {...getInputProps({
            className: 'field__input combobox__input',
            placeholder,
            disabled,
            autoFocus,
            'aria-invalid': invalid || undefined,
            'aria-describedby': [describedBy, isOpen ? statusId : undefined].filter(Boolean).join(' ') || undefined,
          })}
        />
        <button {...getToggleButtonProps({ type: 'button', className: 'combobox__toggle', disabled, 'aria-label': `${isOpen ? 'Close' : 'Open'} the ${label} options` })}>
          <svg viewBox="0 0 12 8" width="12" height="8" aria-hidden="true">
            <path d="M1 1.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <ul {...getMenuProps({ className: `combobox__menu${isOpen ? ' is-open' : ''}` })}>
        {isOpen
          ? items.map((item, index) => (
              <li
                key={optionKey(item)}
                {...getItemProps({ item, index })}
                className={`combobox__option${highlightedIndex === index ? ' is-highlighted' : ''}${selected !== null && optionKey(selected) === optionKey(item) ? ' is-selected' : ''}${index === matches.length && index > 0 ? ' is-pinned' : ''}`}
              >
                {optionLabel(item)}
              </li>
            ))
          : null}
      </ul>
      {/* Always there (empty while closed), so screen readers hear each change of it. */}
      <p id={statusId} className="combobox__status" role="status">
        {isOpen ? status : ''}
      </p>
    </div>
  );
}
