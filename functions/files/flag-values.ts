import { route } from '../../shared/routes/files';
import { httpHandler } from '../http';
import { countFilesByFlag } from './file-list';

/**
 * The post-office counters: files per flag level of the list's status (`approvedStatus`, default
 * pending: the files waiting) and retailer (`name`): counts kept on write, one GetItem; a
 * retailer's from its own partitions.
 */
export const handler = httpHandler(route('getFlagValues'), async ({ query }) => countFilesByFlag(query));
