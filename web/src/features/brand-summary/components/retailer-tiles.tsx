/**
 * The summary tiles (000 §2, §9): the first 10, then 10 more each time the end of the list comes
 * into view, after a 2 second delay; 'Yay! Yeah! You've seen it all.' once every tile is shown.
 * Mount it with a `key` of the filters so a new filter starts again at 10.
 */
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { RetailerScrapingRecord } from '../api/get-retailer-scrapings';
import { TILE_CHUNK, TILE_DELAY_MS, type Layout } from '../retailer-rules';
import { RetailerTile } from './retailer-tile';

export const SEEN_IT_ALL = "Yay! Yeah! You've seen it all.";

export function RetailerTiles({ records, layout, showReps }: { records: RetailerScrapingRecord[]; layout: Layout; showReps: boolean }) {
  const [shown, setShown] = useState(TILE_CHUNK);
  const [loading, setLoading] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const more = shown < records.length;

  useEffect(() => {
    const el = end.current;
    if (!more || loading || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLoading(true);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, loading, shown]);

  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(() => {
      setShown((s) => s + TILE_CHUNK);
      setLoading(false);
    }, TILE_DELAY_MS);
    return () => clearTimeout(t);
  }, [loading]);

  return (
    <>
      <ul className={`tiles tiles--${layout}`} aria-label="Retailers">
        {records.slice(0, shown).map((r) => (
          <RetailerTile key={r.retailer._id} record={r} showReps={showReps} />
        ))}
      </ul>
      <div ref={end} className="tiles__end">
        {more ? loading ? <Spinner label="Loading more retailers…" /> : <span className="sr-only">More retailers load as you scroll.</span> : <p className="tiles__done">{SEEN_IT_ALL}</p>}
      </div>
    </>
  );
}
