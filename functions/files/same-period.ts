import { FILE_MSG } from '../../shared/messages';
import { route } from '../../shared/routes/files';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getFile, listRetailerFilesOfDate } from './files.repo';
import { toFileView, withCurrentRetailerNames } from './present';

/** Other files of the same retailer and scan period (any robot type). */
export const handler = httpHandler(route('samePeriodFiles'), async ({ params }) => {
  const file = await getFile(params.fId);
  if (!file) throw new NotFoundError(FILE_MSG.fileNotFound);
  const same = (await listRetailerFilesOfDate(file.retailer, file.date)).filter((f) => f._id !== file._id);
  same.sort((a, b) => a.type.localeCompare(b.type) || b.createdAt.localeCompare(a.createdAt));
  return { samePeriodFiles: (await withCurrentRetailerNames(same)).map(toFileView) };
});
