/**
 * A compliance trend (issue 24 §5): compliance % and open cases per scan (or month), drawn by
 * uPlot, loaded only when a chart is shown (its own chunk), with the same figures as a table for
 * screen readers and for anyone who prefers numbers ("Show as a table").
 */
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../../lib/format';

export interface TrendDatum {
  date: string;
  open: number;
  priceIssues: number;
  compliance: number | null;
}

const label = (d: string) => (d.length === 7 ? `${d.slice(5, 7)}/${d.slice(0, 4)}` : formatDate(d));

export function TrendChart({ title, points }: { title: string; points: TrendDatum[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || asTable || points.length < 2) return;
    let plot: { destroy(): void } | undefined;
    let gone = false;
    void (async () => {
      const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
      if (gone) return;
      const xs = points.map((_, i) => i);
      plot = new UPlot(
        {
          // The box's width (a phone's too): uPlot draws at a fixed size, so nothing sticks out.
          width: Math.max(200, el.clientWidth),
          height: 200,
          // The key is drawn below in HTML (it wraps); uPlot's own legend is a table of live values.
          legend: { show: false },
          scales: { x: { time: false }, pct: { range: [0, 100] } },
          axes: [
            { values: (_u: unknown, ticks: number[]) => ticks.map((t) => (Number.isInteger(t) && points[t] ? label(points[t]!.date) : '')) },
            { scale: 'pct', values: (_u: unknown, ticks: number[]) => ticks.map((t) => `${t}%`) },
            { scale: 'n', side: 1, grid: { show: false } },
          ],
          series: [{}, { label: 'Compliance %', scale: 'pct', stroke: '#2e7d32', width: 2 }, { label: 'Open cases', scale: 'n', stroke: '#b3261e', width: 2 }],
        },
        [xs, points.map((p) => p.compliance), points.map((p) => p.open)],
        el,
      );
    })();
    return () => {
      gone = true;
      plot?.destroy();
    };
  }, [points, asTable]);

  return (
    <figure className="trend-chart">
      <figcaption className="trend-chart__title">
        {title}
        <button type="button" className="btn btn--ghost btn--sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'Show as a chart' : 'Show as a table'}
        </button>
      </figcaption>
      {points.length < 2 && !asTable ? <p className="muted">The trend shows from the second scan on.</p> : null}
      {!asTable && points.length >= 2 ? (
        <>
          <div ref={box} className="trend-chart__plot" aria-hidden="true" />
          <p className="trend-chart__key" aria-hidden="true">
            <span className="trend-chart__swatch trend-chart__swatch--pct" /> Compliance % <span className="trend-chart__swatch trend-chart__swatch--open" /> Open cases
          </p>
        </>
      ) : null}
      {/* A table ignores a 1 px width: the visually hidden one is wrapped in a box that does not. */}
      <div className={asTable ? 'trend-chart__table-box' : 'sr-only'}>
      <table className="table trend-chart__table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Scan</th>
            <th scope="col">Compliance</th>
            <th scope="col">Open cases</th>
            <th scope="col">Price flags at the scan</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <td>{label(p.date)}</td>
              <td>{p.compliance === null ? 'N/A' : `${p.compliance}%`}</td>
              <td>{p.open}</td>
              <td>{p.priceIssues}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
