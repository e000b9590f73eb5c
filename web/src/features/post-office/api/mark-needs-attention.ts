/** POST /upload/NeedAttention {_id} (001 §4, §7): the pending file becomes rejected. */
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import type { PoFile } from '../types';
import { FILES_KEY, revalidateFiles } from './get-files';

export function markNeedsAttention(fileId: string): Promise<{ success: boolean; message: string; data: PoFile }> {
  return api('markNeedsAttention', { body: { _id: fileId } });
}

/** The screen's hook: marks the file, then revalidates the files keys whatever the answer. */
export function useMarkNeedsAttention() {
  return useSWRMutation([FILES_KEY, 'needs-attention'] as const, async (_key, { arg: fileId }: { arg: string }) => {
    try {
      return await markNeedsAttention(fileId);
    } finally {
      await revalidateFiles();
    }
  }, MUTATION_OPTIONS);
}
