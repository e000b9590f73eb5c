/**
 * One brand's run of a scheduled job (docs/reports.md "Scheduled reports"), what the state
 * machine's BrandReport task does for each brand:
 * - monthly-report: the brand's report of the month, one file per distinct set of visible
 *   retailers, mailed as its 7-day link to each user whose email frequency is Monthly;
 * - daily/weekly-digest: the brand's activity of the window, summed per retailer, mailed to each
 *   user of that frequency for the retailers they see; nothing changed for them: no email.
 * Idempotent per brand + period + recipient: each recipient is claimed (a conditional sent marker)
 * before its email and marked sent after it, so a retried or repeated run sends nothing twice. A
 * recipient whose send failed is marked failed and the run fails after trying the others (the
 * state machine retries it: only the unsent are tried again).
 */
import { getBrand } from '../../brands';
import { escalateBrand, type EscalationResult } from '../../contact';
import { checkRobots, type CheckResult } from '../../robot-health';
import { brandAdminsOf, lostDomainsEmail, recheckBrandDomains, type SsoDomainsResult } from '../../sso';
import { sendEmail } from '../../lib/email';
import { digestEmail, monthlyReportEmail } from '../domain/report-emails';
import { env } from '../../lib/env';
import { faultPoint } from '../../lib/faults';
import { logger } from '../../lib/logger';
import { getRetailers } from '../../retailers';
import { listUsersByBrand } from '../../users';
import { DigestBuilder } from '../domain/digest';
import { JOB_FREQUENCY, periodLabel, windowOf, type ReportJob } from '../domain/job-periods';
import { enabledRetailers, groupByVisibleSet, recipientsOf, type Recipient } from '../domain/recipients';
import { buildMonthlyReport, reportLink } from '../monthly-report';
import { brandActivity, claimRecipient, endRun, markRecipient, startRun } from './jobs.repo';

export interface BrandRunResult {
  job: ReportJob;
  period: string;
  brand: string;
  status: 'done';
  recipients: number;
  sent: number;
  alreadySent: number;
  /** Digests: recipients with nothing new in the window (no email). */
  nothingNew?: number;
  /** Monthly: the report files built. */
  reports?: number;
  /** case-escalation: what the daily check of overdue cases did. */
  escalation?: EscalationResult;
  /** robot-health: what the daily check of the robots did. */
  robots?: CheckResult;
  /** sso-domains: what the daily re-check of the single sign-on domains found. */
  ssoDomains?: SsoDomainsResult;
}

export class BrandNotFoundError extends Error {
  override name = 'BrandNotFoundError';
}

/** One recipient's email: claimed, sent, marked; 'already' when an earlier run sent it. */
async function deliver(job: ReportJob, period: string, brand: string, r: Recipient, make: () => Promise<{ subject: string; html: string }>): Promise<'sent' | 'already' | Error> {
  if (!(await claimRecipient(job, period, brand, r.userId, r.email))) return 'already';
  try {
    const content = await make();
    faultPoint('report-email', r.email);
    const messageId = await sendEmail({ to: [r.email], ...content });
    await markRecipient(job, period, brand, r.userId, { status: 'sent', messageId });
    return 'sent';
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    await markRecipient(job, period, brand, r.userId, { status: 'failed', error: error.message }).catch(() => undefined);
    return error;
  }
}

export async function runBrand(job: ReportJob, period: string, brandId: string): Promise<BrandRunResult> {
  await startRun(job, period, brandId);
  try {
    const result = await runBrandOnce(job, period, brandId);
    await endRun(job, period, brandId, { status: 'done', recipients: result.recipients, sent: result.sent, alreadySent: result.alreadySent, failed: 0 });
    return result;
  } catch (e) {
    const err = e as Error & { counts?: { recipients: number; sent: number; alreadySent: number; failed: number } };
    await endRun(job, period, brandId, { status: 'failed', error: err.message ?? String(e), ...(err.counts ?? {}) });
    throw e;
  }
}

async function runBrandOnce(job: ReportJob, period: string, brandId: string): Promise<BrandRunResult> {
  if (job === 'robot-health') {
    // The day's check of every robot (issue 25); the run of a past day (a redrive) checks as of that day's end.
    const today = new Date().toISOString().slice(0, 10);
    const robots = await checkRobots(period, period >= today ? new Date() : new Date(Date.parse(`${period}T23:59:59.999Z`)));
    return { job, period, brand: brandId, status: 'done', recipients: robots.open, sent: robots.alerts + robots.reminders, alreadySent: 0, robots };
  }
  const brand = await getBrand(brandId);
  if (!brand) throw new BrandNotFoundError(`Brand ${brandId} not found.`);
  if (job === 'sso-domains') {
    // The day's re-check of the brand's single sign-on domains (issue 36); its brand admins told of the domains lost today, each once.
    const ssoDomains = await recheckBrandDomains(brandId, period, new Date());
    const admins = ssoDomains.lost.length ? await brandAdminsOf(brandId) : [];
    const count = deliveries();
    for (const u of admins) {
      const firstName = u.firstname || u.name;
      count.tally(await deliver(job, period, brandId, { userId: u._id, email: u.email, firstName, retailers: [], all: true }, async () => lostDomainsEmail(brand.name, firstName, ssoDomains.lost)));
    }
    logger.info('brand job run', { job, period, brand: brandId, ...ssoDomains, lost: ssoDomains.lost.map((l) => l.domain), recipients: admins.length, sent: count.sent, alreadySent: count.alreadySent, failed: count.errors.length });
    count.throwIfUnsent(admins.length);
    return { job, period, brand: brandId, status: 'done', recipients: admins.length, sent: count.sent, alreadySent: count.alreadySent, ssoDomains };
  }
  if (job === 'case-escalation') {
    // The day's check of overdue cases; the run of a past day (a redrive) reads the cases as of that day's end.
    const today = new Date().toISOString().slice(0, 10);
    const escalation = await escalateBrand(brandId, period, period >= today ? new Date() : new Date(Date.parse(`${period}T23:59:59.999Z`)));
    return { job, period, brand: brandId, status: 'done', recipients: escalation.retailers, sent: escalation.sent, alreadySent: 0, escalation };
  }
  const enabled = enabledRetailers(brand);
  const users = await listUsersByBrand(brandId);
  // A user whose assigned retailers are all switched off sees nothing: nothing to send.
  const recipients = recipientsOf(users, enabled, JOB_FREQUENCY[job]).filter((r) => r.all || r.retailers.length > 0);
  const label = periodLabel(job, period);
  const count = deliveries();
  const tally = count.tally;
  let reports = 0;
  let nothingNew = 0;

  if (job === 'monthly-report') {
    for (const group of groupByVisibleSet(recipients)) {
      // Built once for the group, only when one of its recipients still needs it.
      let link: Promise<string> | undefined;
      const linkOf = () =>
        (link ??= buildMonthlyReport(brandId, period, group.all ? {} : { retailers: group.retailers }).then((report) => {
          reports++;
          return reportLink(report, `job:${job}`);
        }));
      for (const r of group.recipients) {
        tally(await deliver(job, period, brandId, r, async () => monthlyReportEmail({ firstName: r.firstName, brand: brand.name, month: label, link: await linkOf(), retailers: r.retailers.length, all: r.all })));
      }
    }
  } else if (recipients.length) {
    const { from, to } = windowOf(job, period);
    const digest = new DigestBuilder();
    for await (const page of brandActivity(brandId, from, to)) digest.add(page);
    const names = new Map((await getRetailers(enabled)).map((r) => [r._id, r.name]));
    const frequency = JOB_FREQUENCY[job] as 'Daily' | 'Weekly';
    for (const r of recipients) {
      const sections = digest.sectionsFor(r.retailers).map((s) => ({ ...s, name: names.get(s.retailer) ?? s.retailer }));
      if (!sections.length) {
        nothingNew++;
        continue;
      }
      tally(await deliver(job, period, brandId, r, async () => digestEmail({ firstName: r.firstName, brand: brand.name, frequency, window: label, sections, appUrl: env.appUrl })));
    }
  }

  logger.info('brand job run', { job, period, brand: brandId, recipients: recipients.length, sent: count.sent, alreadySent: count.alreadySent, failed: count.errors.length });
  count.throwIfUnsent(recipients.length);
  return { job, period, brand: brandId, status: 'done', recipients: recipients.length, sent: count.sent, alreadySent: count.alreadySent, ...(job === 'monthly-report' ? { reports } : { nothingNew }) };
}

/**
 * A run's emails counted as `deliver` answers them (sent, sent by an earlier try, failed); a run
 * with any failed fails after the others were sent, so its retry sends only those.
 */
function deliveries() {
  const count = {
    sent: 0,
    alreadySent: 0,
    errors: [] as Error[],
    tally: (o: 'sent' | 'already' | Error) => (o === 'sent' ? count.sent++ : o === 'already' ? count.alreadySent++ : count.errors.push(o)),
    throwIfUnsent(recipients: number) {
      if (!count.errors.length) return;
      const err = new Error(`${count.errors.length} of ${recipients} email(s) not sent: ${count.errors[0]!.message}`) as Error & { counts?: object };
      err.counts = { recipients, sent: count.sent, alreadySent: count.alreadySent, failed: count.errors.length };
      throw err;
    },
  };
  return count;
}
