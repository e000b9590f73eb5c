/**
 * Who a scheduled job writes to, and what each may see (pure). The brand's active users whose
 * email frequency is the job's; a plain User with assigned retailers sees only those of them the
 * brand has enabled, everyone else every enabled retailer (the rule of the whole product,
 * functions/lib/http/auth.ts). Recipients with the same visible set share one monthly report
 * (one file per distinct assignment, not one per user).
 */
import { ROLE, type EmailFrequency, type RoleName, type UserStatus } from '../../../shared/constants';

export interface JobUser {
  _id: string;
  email: string;
  firstname?: string;
  name: string;
  roles: { name: RoleName }[];
  associated_retailers?: string[];
  emailFrequency?: EmailFrequency;
  status: UserStatus;
}

export interface Recipient {
  userId: string;
  email: string;
  firstName: string;
  /** The retailers this user sees, in the brand's order; `all`: no assignment restricts them. */
  retailers: string[];
  all: boolean;
}

/** The retailers the brand has enabled (Brand.retailers[].flag), in its order. */
export const enabledRetailers = (brand: { retailers: { retailer: string; flag?: boolean }[] }): string[] =>
  brand.retailers.filter((r) => r.flag !== false).map((r) => r.retailer);

export function recipientsOf(users: readonly JobUser[], enabled: readonly string[], frequency: EmailFrequency): Recipient[] {
  const out: Recipient[] = [];
  for (const u of users) {
    if (u.status !== 'active' || u.emailFrequency !== frequency || !u.email) continue;
    const assigned = (u.roles[0]?.name ?? ROLE.USER) === ROLE.USER ? (u.associated_retailers ?? []) : [];
    const only = new Set(assigned);
    const all = assigned.length === 0;
    out.push({ userId: u._id, email: u.email, firstName: u.firstname || u.name, all, retailers: all ? [...enabled] : enabled.filter((r) => only.has(r)) });
  }
  return out;
}

/** Recipients grouped by what they see: one group per distinct visible set (`ALL` for the unrestricted). */
export function groupByVisibleSet(recipients: readonly Recipient[]): { key: string; all: boolean; retailers: string[]; recipients: Recipient[] }[] {
  const groups = new Map<string, { key: string; all: boolean; retailers: string[]; recipients: Recipient[] }>();
  for (const r of recipients) {
    const key = r.all ? 'ALL' : [...r.retailers].sort().join(',');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, all: r.all, retailers: r.retailers, recipients: [] }));
    g.recipients.push(r);
  }
  return [...groups.values()];
}
