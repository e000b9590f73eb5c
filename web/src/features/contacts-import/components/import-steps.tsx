/** The import wizard's three steps as labels (they cannot be picked ahead), the current one marked for screen readers. */
export type Step = 1 | 2 | 3;
const STEPS = ['Choose Type', 'Match Data', 'Review'] as const;

export function ImportSteps({ step }: { step: Step }) {
  return (
    <ol className="import-steps" aria-label="Import steps">
      {STEPS.map((label, i) => (
        <li key={label} className={`import-steps__step${i + 1 === step ? ' import-steps__step--current' : ''}${i + 1 < step ? ' import-steps__step--done' : ''}`} aria-current={i + 1 === step ? 'step' : undefined}>
          <span className="import-steps__number" aria-hidden="true">
            {i + 1}
          </span>{' '}
          {label}
        </li>
      ))}
    </ol>
  );
}
