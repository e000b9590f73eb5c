/**
 * The summary tiles (000 §2, §9): the first 10, then 10 more each time the end of the list comes
 * into view, after a 2 second delay; 'Yay! Yeah! You've seen it all.' once every tile is shown.
 * The chunks are pages of the API (`records` so far, `total` matching): `onMore` asks the next.
 * Mount it with a `key` of the filters so a new filter starts again at 10.
 */
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { RetailerScrapingRecord } from '../api/get-retailer-scrapings';
import { TILE_DELAY_MS, type Layout } from '../retailer-rules';
import { RetailerTile } from './retailer-tile';

export const SEEN_IT_ALL = "Yay! Yeah! You've seen it all.";

export function RetailerTiles({ records, total, onMore, layout, showReps }: { records: RetailerScrapingRecord[]; total: number; onMore: () => void; layout: Layout; showReps: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  const more = records.length < total;
  const shown = records.length;
  // Loading from when the end came into view with `shown` tiles until more tiles arrive.
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const loading = askedAt === shown;

  useEffect(() => {
    const el = end.current;
    if (!more || loading || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setAskedAt(shown);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, loading, shown]);

  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(onMore, TILE_DELAY_MS);
    return () => clearTimeout(t);
  }, [loading, onMore]);

  return (
    <>
      <ul className={`tiles tiles--${layout}`} aria-label="Retailers">
        {records.map((r) => (
          <RetailerTile key={r.retailer._id} record={r} showReps={showReps} />
        ))}
      </ul>
      <div ref={end} className="tiles__end">
        {more ? loading ? <Spinner label="Loading more retailers…" /> : <span className="sr-only">More retailers load as you scroll.</span> : <p className="tiles__done">{SEEN_IT_ALL}</p>}
      </div>
    </>
  );
}
