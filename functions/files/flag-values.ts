import { route } from '../../shared/routes/files';
import { httpHandler } from '../lib/http/handler';
import { listFiles } from './files.repo';

/** Counts per flag level of the files still waiting (pending) in the post office. */
export const handler = httpHandler(route('getFlagValues'), async () => {
  const counts = { caution: 0, require_review: 0, unflagged: 0 };
  for (const f of await listFiles()) if (f.approvedStatus === 'pending') counts[f.flag]++;
  return counts;
});
