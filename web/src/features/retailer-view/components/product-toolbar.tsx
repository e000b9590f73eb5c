/** The product tabs' toolbar controls: the search box (all_oh, products; searches on Enter) and ALL SCRAPED's mapped filter. */
import { useState } from 'react';
import { RV_MSG } from '../messages';
import type { Mapped } from '../product-tabs';

export function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <div className="products__search">
      <label className="sr-only" htmlFor="products-search">
        Search products
      </label>
      <input
        id="products-search"
        type="search"
        className="field__input"
        placeholder={RV_MSG.searchPlaceholder}
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch(text.trim());
          }
        }}
      />
    </div>
  );
}

const MAPPED: { value: Mapped; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Mapped' },
  { value: 'false', label: 'NOT Mapped' },
];

export function MappedFilter({ value, onChange }: { value: Mapped; onChange: (m: Mapped) => void }) {
  return (
    <div className="products__mapped" role="group" aria-label="Mapped filter">
      {MAPPED.map((m) => (
        <button key={m.value} type="button" className={`btn btn--sm ${m.value === value ? 'btn--primary' : 'btn--outline'}`} aria-pressed={m.value === value} onClick={() => onChange(m.value)}>
          {m.label}
        </button>
      ))}
    </div>
  );
}
