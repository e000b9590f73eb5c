/**
 * GET /upload/approveStatus?_id= (001 §4, §7): runs the approval workflow (it may take several
 * seconds) and answers whether the file was processed. `useApproveFile` is the screen's hook: it
 * reads the file back (a long run answers success while the file is still pending) and
 * revalidates the files keys whatever the answer.
 */
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import type { PoFile } from '../types';
import { getFile } from './get-file';
import { FILES_KEY, revalidateFiles } from './get-files';

export type ApproveResult = ResponseOf<'approveFile'>;

export function approveFile(fileId: string): Promise<ApproveResult> {
  return api('approveFile', { query: { _id: fileId } });
}

export interface ApproveOutcome {
  result: ApproveResult;
  /** The file as it is after the call (approved, or still pending while the workflow runs). */
  file: PoFile | undefined;
}

export function useApproveFile() {
  return useSWRMutation([FILES_KEY, 'approve'] as const, async (_key, { arg: fileId }: { arg: string }): Promise<ApproveOutcome> => {
    try {
      const result = await approveFile(fileId);
      return { result, file: result.success ? await getFile(fileId) : undefined };
    } finally {
      await revalidateFiles();
    }
  }, MUTATION_OPTIONS);
}
