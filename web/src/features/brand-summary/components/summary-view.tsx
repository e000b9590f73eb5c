/**
 * /dashboard/summary (000 §2): the welcome heading with the user's name, 'You are currently
 * auditing N websites', the summary stats with their change, a filter by retailer name (and by
 * rep name for ADMIN and BRAND_ADMIN, 000 §6), the layout picker (`?layout=`) and the tiles.
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROLE } from '@shared/constants';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { effectiveBrand, isAdmin } from '../../../lib/access';
import type { Session } from '../../../lib/session';
import { useAssignedReps } from '../api/get-assigned-reps';
import { useBrandSummary } from '../api/get-brand-summary';
import { useRetailerScrapingChunks } from '../api/get-retailer-scrapings';
import { parseLayout, TILE_CHUNK, type Layout } from '../retailer-rules';
import { LayoutPicker } from './layout-picker';
import { RetailerTiles } from './retailer-tiles';
import { SummaryStats } from './summary-stats';
import '../brand-summary.css';

/** ADMIN (acting as a brand) and BRAND_ADMIN see the assigned reps and the filter by rep name. */
export function seesReps(session: Session): boolean {
  return isAdmin(session.user) || session.user.roles.some((r) => r.name === ROLE.BRAND_ADMIN);
}

/** `programme`: what the page shows under the welcome and its stats (the app puts the Cases panel there). */
export function SummaryView({ session, programme }: { session: Session; programme?: ReactNode }) {
  const brandId = effectiveBrand(session)?._id;
  const reps = seesReps(session);
  const [params, setParams] = useSearchParams();
  const layout = parseLayout(params.get('layout'));
  const [text, setText] = useState('');
  const [rep, setRep] = useState('');
  const filterId = useId();
  // The name filter asks the server once typing pauses.
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(text), 300);
    return () => clearTimeout(t);
  }, [text]);
  const chunks = useRetailerScrapingChunks(brandId, { limit: TILE_CHUNK, search, rep: reps ? rep : undefined });
  const { setSize } = chunks;
  const onMore = useCallback(() => void setSize((n) => n + 1), [setSize]);
  const summary = useBrandSummary(brandId);
  const repList = useAssignedReps(brandId, reps);

  const setLayout = (v: Layout) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('layout', v);
        return next;
      },
      { replace: true },
    );

  const loaded = chunks.data;
  const shown = loaded ? loaded.flatMap((p) => p.data) : [];
  const total = loaded?.[0]?.totalCount ?? 0;
  // 'auditing N websites' counts the retailers the stats count (the same rows, whatever the filters).
  const auditing = summary.data?.totalRetailers.current;
  return (
    <>
      <section className="welcome" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="welcome__title">
          Welcome, {session.user.name}
        </h2>
        <p className="welcome__text">{auditing !== undefined ? `You are currently auditing ${auditing} websites` : '\u00a0'}</p>
        <SummaryStats summary={summary.data} />
      </section>
      {programme}

      <div className="summary-tools">
        <div className="field summary-tools__filter">
          <label className="field__label" htmlFor={filterId}>
            Filter
          </label>
          <input id={filterId} className="field__input" type="search" placeholder="Retailer name" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {reps ? (
          <Select label="Filter by rep name" value={rep} onChange={setRep} className="field summary-tools__rep">
            <option value="">All reps</option>
            {(repList.data?.data ?? []).map((r) => (
              <option key={r._id} value={r.name}>
                {r.name}
              </option>
            ))}
          </Select>
        ) : null}
        <LayoutPicker value={layout} onChange={setLayout} />
      </div>

      {!loaded ? (
        chunks.error ? (
          <p className="panel panel--empty">The retailers could not be loaded.</p>
        ) : (
          <Spinner label="Loading retailers…" />
        )
      ) : (
        <>
          {shown.length === 0 ? <p className="tiles__none">No retailer matches this filter.</p> : null}
          <RetailerTiles key={`${search}\u0000${rep}`} records={shown} total={total} onMore={onMore} layout={layout} showReps={reps} />
        </>
      )}
    </>
  );
}
