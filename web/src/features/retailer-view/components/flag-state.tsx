/**
 * The flag state of a product or of the retailer's brand profile: a filled red flag when flagged,
 * an outlined one when not. The flag and unflag modals (and making this a control) come with the
 * flag tools of the next issue.
 */
export function FlagState({ flagged, subject = 'Product' }: { flagged: boolean; subject?: string }) {
  const label = `${subject} ${flagged ? 'flagged' : 'not flagged'}`;
  return (
    <span className={`flag-state${flagged ? ' flag-state--on' : ''}`} role="img" aria-label={label} title={label} data-flagged={flagged ? 'yes' : 'no'}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill={flagged ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
      </svg>
    </span>
  );
}
