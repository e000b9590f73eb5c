/**
 * The Allowed Retailer cell (001 §2): the names of the brand's enabled retailers, comma-joined,
 * cut to one line; when they do not fit, a 'view more' button shows them all ('view less' folds
 * them again). Whether they fit is measured, and measured again when the table is resized.
 */
import { useLayoutEffect, useRef, useState } from 'react';

export function AllowedRetailers({ names, label }: { names: string[]; label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const text = names.join(', ');

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [text, open]);

  if (!names.length) return <span className="brand-retailers__none">None</span>;
  return (
    <div className={`brand-retailers__allowed${open ? ' is-open' : ''}`}>
      <span ref={ref} className="brand-retailers__names" title={open ? undefined : text}>
        {text}
      </span>
      {overflows || open ? (
        <button type="button" className="brand-retailers__more" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'view less' : 'view more'}
          <span className="sr-only"> retailers of {label}</span>
        </button>
      ) : null}
    </div>
  );
}
