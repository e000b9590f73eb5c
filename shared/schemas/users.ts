import * as z from 'zod';
import { EMAIL_FREQUENCIES, ROLE_NAMES, USER_STATUSES } from '../constants';
import { brand } from './brands';
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

// ── Responses (000 §3, §7): shared/types.ts derives PublicUser and RoleRef from these. ───────────

/** A role as a user record carries it. */
export const roleRef = z.object({ _id: z.string(), name: z.enum(ROLE_NAMES), label: z.string(), value: z.string() });

/** The user as the API returns it (never the password hash, the lock state or the keys). */
export const publicUser = z.object({
  _id: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(roleRef),
  brand: brand.pick({ _id: true, name: true, slug: true, logo: true, colors: true, contact: true, company_email_bcc: true }).nullable(),
  associated_retailers: z.array(z.object({ _id: z.string() })),
  notify: z.boolean(),
  user_email_bcc: z.string(),
  emailFrequency: z.enum(EMAIL_FREQUENCIES),
  policyFlag: z.boolean(),
});

/** A row of GET /users: the user with its brand's name and account status. */
export const userListRow = publicUser
  .pick({ _id: true, name: true, firstname: true, lastname: true, email: true, roles: true, associated_retailers: true, notify: true })
  .extend({ brand: z.object({ _id: z.string(), name: z.string() }).nullable(), status: z.enum(USER_STATUSES) });
/** GET /users; `nextCursor` starts the next page (null on the last one, absent for `?brand=`). */
export const listUsersResponse = z.object({ data: z.array(userListRow), totalCount: z.number(), nextCursor: z.string().nullable().optional() });

/** PUT /updateUserPolicy/{userId}: the user with the terms accepted. */
export const updatePolicyResponse = z.object({ message: z.string(), user: publicUser });
