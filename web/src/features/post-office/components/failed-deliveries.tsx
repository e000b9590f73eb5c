/**
 * Failed deliveries (docs/operations.md): above the files, what never reached the post office
 * because its processing failed every try (a robot file's ingest, a basket export, a scheduled
 * job), with the reason, and Retry. Shown only while there is one.
 */
import { FAILURE_SOURCES, type FailureSource } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { formatCount, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useFailedDeliveries, useRedrive } from '../api/failed-deliveries';
import '../../../components/ui/table.css';
import '../post-office.css';

/** The object key without its ETag (the subject is `key@etag`, one per line). */
const whatOf = (subject: string) => subject.split('\n').map((s) => s.replace(/@[^@/]*$/, ''));

export function FailedDeliveries() {
  const { data, mutate: reload } = useFailedDeliveries();
  const { trigger, isMutating } = useRedrive();
  if (!data || data.totalCount === 0) return null;

  const retry = async (id: string) => {
    try {
      const out = await trigger(id);
      notify.success(out.message);
    } catch (e) {
      notify.error((e as Error).message);
    } finally {
      await reload();
    }
  };

  return (
    <section className="po-failures" aria-labelledby="po-failures-title">
      <h2 id="po-failures-title" className="po-failures__title">
        Failed deliveries ({formatCount(data.totalCount)})
      </h2>
      <p className="po-failures__hint">These could not be processed after every try, so they are not in the list below. Nothing is lost: Retry runs each again.</p>
      <div className="table-frame" role="region" aria-labelledby="po-failures-title" tabIndex={0}>
        <table className="data-table po-failures__table">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Kind</th>
              <th scope="col">Reason</th>
              <th scope="col">Tries</th>
              <th scope="col">Last failed</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((f) => (
              <tr key={f.id} data-failure-id={f.id}>
                <td className="po-failures__what">
                  {whatOf(f.subject).map((w) => (
                    <code key={w}>{w}</code>
                  ))}
                </td>
                <td>{FAILURE_SOURCES[f.source as FailureSource] ?? f.source}</td>
                <td className="po-failures__reason">{f.reason}</td>
                <td>{f.failures > 1 ? `${f.tries} × ${f.failures}` : f.tries}</td>
                <td>{formatDate(f.lastFailedAt, 'MM/DD/YYYY HH:mm')}</td>
                <td>
                  {f.status === 'redriving' ? (
                    <span className="po-failures__busy" role="status">
                      Retrying…
                    </span>
                  ) : (
                    <Button variant="outline" size="sm" disabled={!f.canRetry || isMutating} onClick={() => void retry(f.id)} aria-label={`Retry ${whatOf(f.subject)[0]}`} title={f.canRetry ? undefined : 'The event was too large to keep: drop the file again.'}>
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
