/**
 * Domain types both sides share (spec 000 §3, 001 §3), derived from the response schemas in
 * shared/schemas/<resource>.ts (type-only imports: nothing of zod is bundled for them).
 */
import type * as z from 'zod';
import type { loginResponse } from './schemas/auth';
import type { loginOrChallengeResponse } from './schemas/mfa';
import type { brand, brandRetailer, colors } from './schemas/brands';
import type { retailer } from './schemas/retailers';
import type { publicUser, roleRef } from './schemas/users';

export type Colors = z.output<typeof colors>;
export type RoleRef = z.output<typeof roleRef>;
export type BrandRetailer = z.output<typeof brandRetailer>;
export type Brand = z.output<typeof brand>;
export type Retailer = z.output<typeof retailer>;
/** The user as the API returns it (never the password hash). */
export type PublicUser = z.output<typeof publicUser>;
export type LoginResponse = z.output<typeof loginResponse>;
/** POST /login: a session, or the challenge of the second step (issue 26). */
export type LoginOrChallenge = z.output<typeof loginOrChallengeResponse>;

export interface Paged<T> {
  data: T[];
  totalCount: number;
}
