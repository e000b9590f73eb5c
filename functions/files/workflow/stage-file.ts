import { FILE_MSG } from '../../../shared/messages';
import { SCRAPED_OBJECT_DAYS } from '../../../shared/retention';
import { logger } from '../../lib/logger';
import { stageBrandFile, stageHomepageFile, stageProductFile, type StageProgress } from '../../scrapings';
import { getFile, type FileRecord } from '../files.repo';
import { isMissingObject } from '../pages';
import { NotApprovableError, taskBody } from './errors';
import { STAGE_BUDGET_MS } from './limits';

interface StageInput {
  fileId: string;
  claim: string;
  /** Where the previous invocation stopped (the state machine passes its output back while `done` is false). */
  progress?: StageProgress | { done?: boolean; next?: number };
  /** Current-side chunks to stage in this invocation at most (tests); else the time budget decides. */
  chunksPerRun?: number;
  /** User fields to carry read per invocation, one Query page of this many (tests); else the time budget decides. */
  userFieldsPerRun?: number;
  /** Periods' snapshots and stage records written per invocation at most (tests). */
  brandsPerRun?: number;
}

/**
 * StageFile: a product file's products of its scan period (per brand carrying the retailer, with
 * added / deleted / change) are written under the file's own version, invisible to brands; brand
 * and homepage files stage the retailer's brand-page details. Each brand gets a stage record of
 * what Publish makes visible. Idempotent, so a retry after a partial write ends in the same state.
 * A product file too large for one invocation is staged over several: this one returns
 * `{ done: false, next, ... }` once STAGE_BUDGET_MS is spent, and the state machine calls it again
 * with that progress until it returns `done: true` (infra/workflow/approval.ts). The first
 * invocations may return such progress before staging any chunk: reading the user fields to carry
 * from the previous period (a DynamoDB page at a time) is paged across invocations the same way.
 */
export const handler = (input: StageInput) =>
  taskBody(async () => {
    logger.setContext({ fn: 'workflow', state: 'StageFile', fileId: input.fileId });
    const file = await getFile(input.fileId);
    if (!file) throw new NotApprovableError('The file does not exist.');
    try {
      return await stage(file, input);
    } catch (e) {
      // The data bucket deletes a file's pages 180 days after upload: a file left pending that
      // long cannot be staged. Said as such (no retry), not as S3's "The specified key does not exist."
      if (isMissingObject(e) && Date.now() - Date.parse(file.createdAt) >= SCRAPED_OBJECT_DAYS * DAY_MS) throw new NotApprovableError(FILE_MSG.rowsDeletedApprove);
      throw e;
    }
  });

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stage the file's products or scan-info fields (see `handler`). */
async function stage(file: FileRecord, input: StageInput) {
  if (file.type === 'product') {
    // The state machine's first pass carries a `{ next: 0 }` placeholder: no progress yet.
    const progress = input.progress && 'stagedAt' in input.progress ? input.progress : undefined;
    const out = await stageProductFile(file, progress, { ms: STAGE_BUDGET_MS, chunks: input.chunksPerRun, userFields: input.userFieldsPerRun, brands: input.brandsPerRun });
    if ('done' in out) {
      logger.info('staging continues in another invocation', { next: out.next });
      return out;
    }
    return { type: file.type, done: true as const, ...out };
  }
  if (file.type === 'brand') return { type: file.type, done: true as const, ...(await stageBrandFile(file)) };
  return { type: file.type, done: true as const, ...(await stageHomepageFile(file)) };
}
