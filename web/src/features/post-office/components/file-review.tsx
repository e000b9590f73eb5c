/**
 * Why a file is where it is (001 §2, §4): the reasons of its flag, an unreadable file's error,
 * the last approval failure, and what the diff found.
 */
import { formatCount } from '../../../lib/format';
import { FLAG_LABELS } from '../labels';
import type { PoFile } from '../types';
import '../post-office.css';

export function FileReview({ file }: { file: PoFile }) {
  const reasons = file.flagReasons.filter((r) => r && r !== file.error);
  return (
    <section className="po-review" aria-label="Review details">
      {file.error ? (
        <div className="banner banner--error po-review__banner" role="alert">
          <strong>This file could not be read.</strong> {file.error}
        </div>
      ) : null}
      {file.processingError ? (
        <div className="banner banner--error po-review__banner" role="alert">
          <strong>The last approval failed.</strong> {file.processingError}
        </div>
      ) : null}
      <div className="po-review__grid">
        <div className={`po-review__reasons po-review__reasons--${file.flag}`}>
          <h2 className="po-review__title">{FLAG_LABELS[file.flag]}</h2>
          {reasons.length ? (
            <ul className="po-review__list">
              {reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          ) : (
            <p className="po-review__none">{file.error ? 'The file has no rows to compare.' : 'No rule flagged this file.'}</p>
          )}
        </div>
        {file.diff ? (
          <dl className="po-review__diff" aria-label="Changes since the previous file">
            <div className="po-stat po-stat--added">
              <dt>Added</dt>
              <dd>{formatCount(file.diff.added)}</dd>
            </div>
            <div className="po-stat po-stat--removed">
              <dt>Removed</dt>
              <dd>{formatCount(file.diff.removed)}</dd>
            </div>
            <div className="po-stat po-stat--changed">
              <dt>Changed</dt>
              <dd>{formatCount(file.diff.changed)}</dd>
            </div>
            <div className="po-stat">
              <dt>Unchanged</dt>
              <dd>{formatCount(file.diff.unchanged)}</dd>
            </div>
          </dl>
        ) : (
          <p className="po-review__nodiff">{file.error ? 'Not compared: the file could not be read.' : 'No previous file to compare with.'}</p>
        )}
      </div>
    </section>
  );
}
