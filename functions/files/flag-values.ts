import { route } from '../../shared/routes/files';
import { httpHandler } from '../lib/http/handler';
import { getFileCounts } from './files.repo';

/** Counts per flag level of the files still waiting (pending) in the post office: one GetItem of the counts kept on write. */
export const handler = httpHandler(route('getFlagValues'), async () => {
  const { pending } = await getFileCounts();
  return { caution: pending.caution, require_review: pending.require_review, unflagged: pending.unflagged };
});
