import * as z from 'zod';
import { id, paging, sortParam } from './common';

/** GET /users: `?brand=` (users of a brand) or the admin's paged list (page, limit, sort, keyword). */
export const listUsersQuery = z.object({
  brand: id.optional(),
  ...paging,
  limit: paging.limit.default(10),
  sort: sortParam.optional(),
  keyword: z.string().trim().max(100, 'Too Long!').optional(),
  /** Where the page starts: the `nextCursor` of the page before (the list sorted by name). */
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/** PUT /updateUserPolicy/{userId} */
export const updatePolicyBody = z.object({ policyFlag: z.literal(false, { error: 'policyFlag must be false.' }) });
export const userIdPath = z.object({ userId: id });
