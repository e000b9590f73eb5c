import { route } from '../../shared/routes/operations';
import { httpHandler } from '../http';
import { countOpenFailures, pageFailures } from './failures.repo';
import { toFailureView } from './present';

/** The post office's Failed deliveries: open and retrying, newest failure first, one page (a cursor walks them), the count kept on write. */
export const handler = httpHandler(route('listFailedDeliveries'), async ({ query }) => {
  const [page, total] = await Promise.all([pageFailures({ limit: query.limit, cursor: query.cursor }), countOpenFailures()]);
  return { data: page.items.map(toFailureView), totalCount: total, nextCursor: page.nextCursor ?? null };
});
