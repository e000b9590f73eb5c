/** The comparison's colour legend (001 §4 marking). */
export function ComparisonLegend() {
  return (
    <ul className="cmp-legend" aria-label="Legend">
      <li>
        <span className="cmp-legend__swatch cmp-legend__swatch--same" aria-hidden="true">Aa</span> Unchanged or new
      </li>
      <li>
        <span className="cmp-legend__swatch cmp-legend__swatch--added" aria-hidden="true">Aa</span> Added row
      </li>
      <li>
        <span className="cmp-legend__swatch cmp-legend__swatch--changed" aria-hidden="true">Aa</span> Changed (new value)
      </li>
      <li>
        <span className="cmp-legend__swatch cmp-legend__swatch--was" aria-hidden="true">Aa</span> Changed (previous value)
      </li>
      <li>
        <span className="cmp-legend__swatch cmp-legend__swatch--removed" aria-hidden="true">Aa</span> Removed row
      </li>
    </ul>
  );
}
