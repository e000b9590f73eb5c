/**
 * User records and sessions.
 * The public surface of functions/users/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { newUserRecord, roleRef, type NewUser } from './new-user';
export { toPublicUser } from './present';
export { bumpUserCount, createUser, endAllSessions, endSession, getSessionUser, getUser, getUserByEmail, isRevoked, listUsersByBrand, pageUsersOfDomains, primaryRole, updateUserFields, userCreateItems, type UserRecord } from './users.repo';
