import { FILE_MSG } from '../../shared/messages';
import { route } from '../../shared/routes/files';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { getFile } from './files.repo';
import { toFileView, withCurrentRetailerNames } from './present';

/** The spec's shape: an array whose first element is the file. */
export const handler = httpHandler(route('getFile'), async ({ params }) => {
  const file = await getFile(params.fId);
  if (!file) throw new NotFoundError(FILE_MSG.fileNotFound);
  return (await withCurrentRetailerNames([file])).map(toFileView);
});
