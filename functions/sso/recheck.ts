/**
 * The daily re-check of single sign-on domains (issue 36): the reports state machine's
 * `sso-domains` job, one brand at a time (functions/reports/jobs/run-brand.ts). Every domain of the
 * brand is checked as the verify route checks it (./verification.ts): a verified one whose record
 * is definitively gone is lost (it stops routing at once), a pending one whose record is now
 * published is verified (no click needed), a DNS not reached changes nothing but is recorded. The
 * brand's admins are emailed about the domains lost that day; each admin once a day
 * (`deliver`'s claimed marker), so a retried or repeated run sends nothing twice.
 */
import { ROLE } from '../../shared/constants';
import { env } from '../lib/env';
import { ssoDomainsLostEmail } from '../lib/email/sso';
import { listUsersByBrand, primaryRole } from '../users';
import { getSsoConfig, listDomainVerifications } from './sso.repo';
import { checkDomain, isVerifiedOutcome, txtRecordOf } from './verification';

export interface SsoDomainsResult {
  checked: number;
  verified: number;
  /** Verified ones found gone, now pending (this run or an earlier run of the same day), with the record to publish again. */
  lost: { domain: string; name: string; value: string }[];
  /** Checks that could not reach the DNS (nothing changed). */
  unreachable: number;
}

/** The brands with single sign-on among `brandIds` (a GetItem each): the re-check's fan-out. */
export async function brandsWithSso(brandIds: readonly string[]): Promise<string[]> {
  const configs = await Promise.all(brandIds.map(async (b) => ((await getSsoConfig(b)) ? b : undefined)));
  return configs.filter((b): b is string => b !== undefined);
}

/** Re-check every domain of the brand (`day`: the run's day, 'YYYY-MM-DD'; `now`: the checks' time). */
export async function recheckBrandDomains(brandId: string, day: string, now: Date): Promise<SsoDomainsResult> {
  const at = now.toISOString();
  const result: SsoDomainsResult = { checked: 0, verified: 0, lost: [], unreachable: 0 };
  for (const v of await listDomainVerifications(brandId)) {
    const check = await checkDomain(brandId, v.domain, at);
    result.checked++;
    if (isVerifiedOutcome(check.outcome)) result.verified++;
    if (check.outcome === 'unreachable') result.unreachable++;
  }
  // Lost today: by this run, or by a check of earlier today (a retry finds them again, and the markers keep it to one email).
  result.lost = (await listDomainVerifications(brandId)).filter((v) => v.status === 'pending' && v.lostAt?.slice(0, 10) === day).map((v) => ({ domain: v.domain, ...txtRecordOf(v) }));
  return result;
}

/** Who is told: the brand's active brand admins. */
export async function brandAdminsOf(brandId: string) {
  return (await listUsersByBrand(brandId)).filter((u) => u.status === 'active' && primaryRole(u) === ROLE.BRAND_ADMIN);
}

/** The email telling a brand admin which domains were lost and what to publish. */
export function lostDomainsEmail(brandName: string, firstName: string, domains: SsoDomainsResult['lost']) {
  return ssoDomainsLostEmail({ firstName, brand: brandName, domains, link: `${env.appUrl}/dashboard/profile/settings?tab=sso` });
}
