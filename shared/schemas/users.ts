import * as z from 'zod';
import { EMAIL_FREQUENCIES, ROLE_NAMES, USER_STATUSES } from '../constants';
import { PASSWORD_MSG } from '../messages/accounts';
import { ADMIN_USERS_MSG } from '../messages/admin-users';
import { USER_MSG } from '../messages/users';
import { brand } from './brands';
import { id, paging, sortParam } from './common';
import { newPassword, newPasswordRequired, PASSWORD_RULE, typedPassword } from './password';

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
  .extend({
    brand: z.object({ _id: z.string(), name: z.string() }).nullable(),
    status: z.enum(USER_STATUSES),
    /** `?brand=` to a plain User with assigned retailers: how many of this row's assigned retailers they may not see (left out of the list). */
    hiddenRetailers: z.number().optional(),
  });
/** GET /users; `nextCursor` starts the next page (null on the last one). */
export const listUsersResponse = z.object({ data: z.array(userListRow), totalCount: z.number(), nextCursor: z.string().nullable().optional() });

/** PUT /updateUserPolicy/{userId}: the user with the terms accepted. */
export const updatePolicyResponse = z.object({ message: z.string(), user: publicUser });

// ── Settings: My Account and Users (000 §2, §5, §7) ─────────────────────────────────────────────

const UM = USER_MSG;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, UM.tooLong);
/** An address of the user form: trimmed and lower-cased (accounts compare addresses case-insensitively). */
export const userEmail = z
  .string({ error: UM.emailRequired })
  .trim()
  .min(1, UM.emailRequired)
  .max(254, UM.tooLong)
  .pipe(z.email({ error: UM.emailInvalid }))
  .transform((e) => e.toLowerCase());
/** The BCC address: empty, or one valid address. */
const bccEmail = z
  .string()
  .trim()
  .max(254, UM.tooLong)
  .refine((v) => v === '' || z.email().safeParse(v).success, UM.bccInvalid);
const idList = z.array(id).max(500, UM.tooLong);

/** First and last name, as the user form and PUT /users/{id} check them. */
const userNames = { firstname: requiredText(UM.firstnameRequired, 50), lastname: requiredText(UM.lastnameRequired, 50) };
/** The one role of a user of the Users tab (`roles`, exactly one). */
const oneRole = z.array(id, { error: UM.roleRequired }).min(1, UM.roleRequired).max(1, UM.roleRequired);

/**
 * The add/edit user form (000 §5): every message listed together, nothing sent until they pass;
 * the retailers chosen in the assigned-retailers step and, on edit, 'Notify user'.
 */
export const userForm = z.object({
  ...userNames,
  email: userEmail,
  role: z.string({ error: UM.roleRequired }).min(1, UM.roleRequired).pipe(id),
  associated_retailers: idList,
  notify: z.boolean(),
});
export type UserFormValues = z.input<typeof userForm>;

/** The invite-member modal (000 §5): one address, 'Please enter Email ID!' when empty; it makes no call (the add-user form follows, prefilled). */
export const inviteMemberForm = z.object({
  email: z.string().trim().min(1, UM.inviteEmailRequired).pipe(z.email({ error: UM.emailInvalid })).transform((e) => e.toLowerCase()),
});

/** POST /registerAndNotify (000 §7): a user of the caller's brand (`?brand=` for an ADMIN acting as the brand). */
export const registerAndNotifyBody = z.strictObject({
  ...userNames,
  /** The spec's `name`; ours is first and last name joined when absent. */
  name: z.string().trim().max(101, UM.tooLong).optional(),
  email: userEmail,
  roles: oneRole,
  associated_retailers: idList.default([]),
  notify: z.boolean().default(true),
  user_email_bcc: bccEmail.default(''),
});
/** `?brand=` of an ADMIN acting as a brand, nothing else: a mutating call refuses unknown parameters (the fuzz suite sends them). */
export const brandQuery = z.strictObject({ brand: id.optional() }, { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown parameter: ${i.keys.join(', ')}.` : undefined) });

/** My Account's own settings (000 §2, §7), as its form and PUT /users/{id} check them. */
const accountFields = {
  name: requiredText(UM.nameRequired, 101),
  email: userEmail,
  user_email_bcc: bccEmail,
  emailFrequency: z.enum(EMAIL_FREQUENCIES),
};

/** My Account asks for the current password when the email (against the account's `accountEmail`) or the password changes. */
export const asksCurrentPassword = (accountEmail: string, email: string, password: string) => email.trim().toLowerCase() !== accountEmail.toLowerCase() || password !== '';

/**
 * The My Account form (000 §2, §7): email, password (empty: unchanged), name, BCC email, email
 * frequency and, when `asksCurrentPassword`, the current password. Its output is the body of
 * PUT /users/{own id}: the password only when typed, the current password only when asked.
 */
export const myAccountForm = (accountEmail: string) =>
  z
    .object({
      ...accountFields,
      password: z.literal('').or(newPassword),
      currentPassword: z.string().max(PASSWORD_RULE.max, PASSWORD_MSG.tooLong),
    })
    .superRefine((v, ctx) => {
      if (!v.currentPassword && asksCurrentPassword(accountEmail, String(v.email ?? ''), String(v.password ?? ''))) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: UM.currentPasswordRequired });
    })
    .transform(({ password, currentPassword, ...v }): UpdateUserBody => ({
      ...v,
      ...(password ? { password } : {}),
      ...(asksCurrentPassword(accountEmail, v.email, password) ? { currentPassword } : {}),
    }));

/**
 * PUT /users/{id}: the spec's three bodies in one strict object (unknown keys refused): the user
 * edit of the Users tab {firstname, lastname, name, roles, associated_retailers, notify,
 * user_email_bcc} (email only unchanged), My Account's {email, password, name, brandName,
 * user_email_bcc, emailFrequency} with `currentPassword` when the email or password changes, or
 * {associated_retailers}. The handler tells them apart (functions/users/update.ts).
 */
export const updateUserBody = z.strictObject({
  firstname: userNames.firstname.optional(),
  lastname: userNames.lastname.optional(),
  name: accountFields.name.optional(),
  email: accountFields.email.optional(),
  roles: oneRole.optional(),
  associated_retailers: idList.optional(),
  notify: z.boolean().optional(),
  user_email_bcc: accountFields.user_email_bcc.optional(),
  emailFrequency: accountFields.emailFrequency.optional(),
  password: newPassword.optional(),
  currentPassword: typedPassword(UM.currentPasswordRequired).optional(),
  /** Sent by the spec's My Account; the brand's name is not the user's to change (ignored). */
  brandName: z.string().max(200, UM.tooLong).optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;
export const userIdParam = z.object({ id });

/** PUT /users/{id}: the user now; `token` (and `expiresAt`) replace the caller's session when the edit ended their sessions. */
export const updateUserResponse = z.object({ message: z.string(), user: publicUser, token: z.string().optional(), expiresAt: z.string().optional() });
/** POST /users/emailChange/confirm: the token of the link sent to the new address (issue 36). */
export const confirmEmailChangeBody = z.strictObject({ token: z.string({ error: USER_MSG.emailChangeInvalid }).min(20, USER_MSG.emailChangeInvalid).max(200, USER_MSG.emailChangeInvalid) });
/** POST /registerAndNotify: the new user (pending until the emailed activation link is used). */
export const registerAndNotifyResponse = z.object({ message: z.string(), user: userListRow });
/** DELETE /removeAndNotify/{id} */
export const removeAndNotifyResponse = z.object({ message: z.string() });
/** GET /getRetailersForUsersTab/{brandId}: the brand's switched-on retailers the caller may see, by name. */
export const usersTabRetailersResponse = z.object({ data: z.array(z.object({ _id: z.string(), name: z.string() })), totalCount: z.number() });

// ── Admin: Manage Users (001 §2, §5, §7) ────────────────────────────────────────────────────────

const AM = ADMIN_USERS_MSG;

/** Name, email and password of the admin's add-user form, with the spec's messages (001 §5). */
const adminUserFields = {
  name: z.string({ error: AM.nameRequired }).trim().min(1, AM.nameRequired).min(2, AM.tooShort).max(100, AM.tooLong),
  email: z
    .string({ error: AM.emailRequired })
    .trim()
    .min(1, AM.emailRequired)
    .max(254, AM.tooLong)
    .pipe(z.email({ error: AM.emailInvalid }))
    .transform((e) => e.toLowerCase()),
  /** The one password rule (shared/schemas/password.ts): 001 §5's 'Password Required' and 'Too Long!', at least 6, a passphrase fits. */
  password: newPasswordRequired,
  brand: z.string({ error: AM.brandRequired }).min(1, AM.brandRequired).pipe(id),
};

/** The add-user modal: one role picked from the select. */
export const adminUserForm = z.object({ ...adminUserFields, role: z.string({ error: AM.roleRequired }).min(1, AM.roleRequired).pipe(id) });
export type AdminUserFormValues = z.input<typeof adminUserForm>;

/** POST /users (001 §7): name, password, email, brand (its id), roles (exactly one); assigned retailers of that brand, optional (none: all). */
export const createUserBody = z.strictObject({
  ...adminUserFields,
  roles: z.array(id, { error: AM.roleRequired }).min(1, AM.roleRequired).max(1, AM.oneRole),
  associated_retailers: idList.default([]),
});
export type CreateUserBody = z.input<typeof createUserBody>;
/** POST /users takes no query parameter (a mutating call refuses unknown ones). */
export const noQuery = z.strictObject({}, { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown parameter: ${i.keys.join(', ')}.` : undefined) });
/** POST /users: the new user as a row of the admin's list (active, terms still to accept). */
export const createUserResponse = z.object({ message: z.string(), user: userListRow });
