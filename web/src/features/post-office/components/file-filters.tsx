/**
 * The post-office filters (001 §2): Sort by, Status, Flag by, Retailer (All plus retailers by
 * slug) and the robot file search (Enter searches), with the removable badge of the file filter.
 */
import { useId, useState } from 'react';
import { APPROVED_STATUSES, FILE_SORTS, FLAG_LEVELS } from '@shared/constants';
import { Select } from '../../../components/ui/select';
import { useRetailers } from '../../retailers';
import { FLAG_LABELS, SORT_LABELS, STATUS_LABELS } from '../labels';
import type { ListFilesParams } from '../types';
import '../post-office.css';

export interface FileFiltersProps {
  query: ListFilesParams;
  /** Apply a change of filters (the page goes back to 1). */
  onChange: (patch: Partial<ListFilesParams>) => void;
}

/** The robot file search; it starts again from the URL's text whenever that changes (keyed by it). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  return (
    <div className="po-filter po-filter--search">
      <label className="field__label" htmlFor={id}>
        Robot file
      </label>
      <div className="po-search">
        <svg className="po-search__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
        <input
          id={id}
          type="search"
          className="field__input po-search__input"
          placeholder="Search robot files, press Enter"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSearch(text.trim());
            }
          }}
        />
      </div>
    </div>
  );
}

export function FileFilters({ query, onChange }: FileFiltersProps) {
  const { data: retailers } = useRetailers();

  const slugs = [...new Set((retailers?.data ?? []).map((r) => r.slug))].sort((a, b) => a.localeCompare(b));
  if (query.name && !slugs.includes(query.name)) slugs.unshift(query.name);

  return (
    <section className="po-filters" aria-label="Filters">
      <div className="po-filters__row">
        <Select className="po-filter" inputClassName="po-filter__input" label="Sort by" value={query.sort} onChange={(v) => onChange({ sort: v as ListFilesParams['sort'] })}>
          {FILE_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select className="po-filter" inputClassName="po-filter__input" label="Status" value={query.approvedStatus ?? ''} onChange={(v) => onChange({ approvedStatus: (v || undefined) as ListFilesParams['approvedStatus'] })}>
          <option value="">All</option>
          {APPROVED_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select className="po-filter" inputClassName="po-filter__input" label="Flag by" value={query.flag ?? ''} onChange={(v) => onChange({ flag: (v || undefined) as ListFilesParams['flag'] })}>
          <option value="">All</option>
          {FLAG_LEVELS.map((f) => (
            <option key={f} value={f}>
              {FLAG_LABELS[f]}
            </option>
          ))}
        </Select>
        <Select className="po-filter" inputClassName="po-filter__input" label="Retailer" value={query.name ?? ''} onChange={(v) => onChange({ name: v || undefined })}>
          <option value="">All</option>
          {slugs.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <SearchBox key={query.fileName ?? ''} value={query.fileName ?? ''} onSearch={(v) => onChange({ fileName: v || undefined })} />
      </div>
      {query.fileName ? (
        <div className="po-filters__badges">
          <span className="po-chip">
            <span className="po-chip__label">File:</span> {query.fileName}
            <button type="button" className="po-chip__x" aria-label="Remove file filter" onClick={() => onChange({ fileName: undefined })}>
              ×
            </button>
          </span>
        </div>
      ) : null}
    </section>
  );
}
