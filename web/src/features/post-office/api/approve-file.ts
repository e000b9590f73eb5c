/**
 * GET /upload/approveStatus?_id= (001 §4, §7): runs the approval workflow (it may take several
 * seconds) and answers whether the file was processed.
 */
import { route } from '../../../../../shared/routes';
import { apiRequest } from '../../../lib/api-client';

export interface ApproveResult {
  success: boolean;
  message: string;
}

export function approveFile(fileId: string): Promise<ApproveResult> {
  return apiRequest<ApproveResult>('GET', route('approveFile').path, { query: { _id: fileId } });
}
