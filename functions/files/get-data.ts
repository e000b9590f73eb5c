import { FILE_MSG } from '../../shared/messages';
import { PAGE } from '../../shared/constants';
import { route } from '../../shared/routes/files';
import { GoneError, NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { imageLinker, type ImageLinker } from '../lib/image-links';
import { PIPE_SEPARATOR, robotTypeDefinition, type RobotTypeDefinition } from './domain/robot-types';
import { getFile } from './files.repo';
import { isMissingObject, readRows } from './pages';

/** The row with the picture of each filled image column (the first of a list), linked for the browser. */
function withPictures<R extends { row: Record<string, string> }>(r: R, def: RobotTypeDefinition, link: ImageLinker): R & { pictures?: Record<string, string> } {
  const pictures: Record<string, string> = {};
  for (const column of def.imageColumns) {
    const first = (r.row[column] ?? '').split(PIPE_SEPARATOR)[0]!.trim();
    if (first) pictures[column] = link(first);
  }
  return Object.keys(pictures).length ? { ...r, pictures } : r;
}

/**
 * One page (100 rows by default) of each side of the comparison: the new file's rows and the
 * previous file's, each with its marks and pictures, plus the totals the screen pages over.
 */
export const handler = httpHandler(route('getFileData'), async ({ params, query }) => {
  const file = await getFile(params.fId);
  if (!file) throw new NotFoundError(FILE_MSG.fileNotFound);
  const limit = query.limit ?? PAGE.comparisonRows;
  const offset = (query.page - 1) * limit;
  const prevTotal = file.previousRowCount ?? 0;
  // The pages live 180 days in the data bucket (docs/decisions.md "Retention"); the record stays.
  const [current, previous] = await Promise.all([
    file.currentPages ? readRows(file._id, 'current', offset, limit, file.rowCount) : [],
    file.previousPages ? readRows(file._id, 'previous', offset, limit, prevTotal) : [],
  ]).catch((e: unknown) => {
    if (isMissingObject(e)) throw new GoneError(FILE_MSG.rowsDeleted);
    throw e;
  });
  const def = robotTypeDefinition(file.type);
  const link = await imageLinker();
  const columns = [...new Set([def.keyColumn, ...current.flatMap((r) => Object.keys(r.row)), ...previous.flatMap((r) => Object.keys(r.row))])];
  return {
    type: file.type,
    keyColumn: def.keyColumn,
    columns,
    page: query.page,
    limit,
    totalPages: Math.max(1, Math.ceil(Math.max(file.rowCount, prevTotal) / limit)),
    currentProductData: { date: file.date, total: file.rowCount, offset, data: current.map((r) => withPictures(r, def, link)) },
    previousProductData: { date: file.previousDate ?? null, total: prevTotal, offset, data: previous.map((r) => withPictures(r, def, link)) },
  };
});
