/** The tile layout picker (000 §2): one, two or three columns, kept in `?layout=`. */
import { LAYOUTS, type Layout } from '../retailer-rules';

const ICON_PATHS: Record<Layout, string> = {
  'one-item-grid': 'M4 5h16v4H4zM4 11h16v4H4zM4 17h16v2H4z',
  'two-item-grid': 'M4 5h7v6H4zM13 5h7v6h-7zM4 13h7v6H4zM13 13h7v6h-7z',
  'three-item-grid': 'M3 5h5v6H3zM9.5 5h5v6h-5zM16 5h5v6h-5zM3 13h5v6H3zM9.5 13h5v6h-5zM16 13h5v6h-5z',
};

export function LayoutPicker({ value, onChange }: { value: Layout; onChange: (v: Layout) => void }) {
  return (
    <div className="layout-picker" role="group" aria-label="Layout">
      {LAYOUTS.map((l) => (
        <button key={l.value} type="button" className={`layout-picker__btn${l.value === value ? ' is-active' : ''}`} aria-pressed={l.value === value} aria-label={l.label} title={l.label} onClick={() => onChange(l.value)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
            <path d={ICON_PATHS[l.value]} />
          </svg>
        </button>
      ))}
    </div>
  );
}
