/** POST /upload/NeedAttention {_id} (001 §4, §7): the pending file becomes rejected. */
import { route } from '../../../../../shared/routes';
import { apiRequest } from '../../../lib/api-client';
import type { PoFile } from '../types';

export function markNeedsAttention(fileId: string): Promise<{ success: boolean; message: string; data: PoFile }> {
  return apiRequest<{ success: boolean; message: string; data: PoFile }>('POST', route('markNeedsAttention').path, { body: { _id: fileId } });
}
