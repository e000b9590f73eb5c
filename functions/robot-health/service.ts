/**
 * Robot health (issue 25; docs/decisions/41-robot-health.md): what ingest, the post office's
 * decisions and the daily `robot-health` job do with the rules of ./domain/rules.ts.
 * - `recordRobotFile`: a new file of a robot (an ingest step, resumable): thin and broken open or
 *   close on it, late closes (a file came).
 * - `settleDecidedFile`: a file approved or rejected is no longer stuck.
 * - `checkRobots`: the daily check: late and stuck open or close, then one alert email and
 *   notification per new problem, and a reminder every `reminderDays` while one lasts.
 */
import { ROBOT_HEALTH_DEFAULTS, ROBOT_HEALTH_MSG as M, ROBOT_PROBLEM_LABELS, ROBOT_TYPE_LABELS, type RobotProblemKind } from '../../shared/messages/robot-health';
import type { RobotType } from '../../shared/robot-columns';
import type { RobotHealthSettings } from '../../shared/schemas/robot-health';
import { sendEmail } from '../lib/email';
import { escapeHtml, layout } from '../lib/email/html';
import { env } from '../lib/env';
import { faultPoint } from '../lib/faults';
import { logger } from '../lib/logger';
import { mapLimit } from '../lib/map-limit';
import { queryAll, table } from '../lib/table';
import { createNotificationRecord } from '../notifications';
import { refreshRetailerRows } from '../scrapings';
import { getSettings } from '../settings';
import { usDate } from '../lib/us-date';
import { addDays, assessFile, lateFinding, stuckFinding, type FileRef, type RobotFileFacts } from './domain/rules';
import { allProblems, allRobots, changeRobot, claimAlert, putLastCheck, releaseAlert, type ChangeOutcome, type RobotHealthItem, type RobotProblem } from './health.repo';

/** What ingest keeps of a file for its robot's health (on the File record, so a resumed ingest has it). */
export interface FileHealthFacts {
  columns: string[];
  emptyShares: Record<string, number>;
  /** The parser's refusal code, when the file could not be read. */
  errorCode?: string;
}

/** The File record's fields the health step reads. */
export interface HealthFile {
  _id: string;
  date: string;
  retailer: string;
  retailerName: string;
  name: string;
  type: RobotType;
  robot: string;
  rowCount: number;
  error?: string;
  createdAt: string;
  health?: FileHealthFacts;
}

const ref = (f: { _id: string; date: string; rowCount: number } | undefined): FileRef | null => (f ? { _id: f._id, date: f.date, rowCount: f.rowCount } : null);

async function afterChange(retailer: string, out: ChangeOutcome | undefined): Promise<void> {
  if (out?.delayChanged) await refreshRetailerRows(retailer);
}

/**
 * A new file of a robot: its findings against the robot's kept state. A file older than the
 * robot's last one (a late re-drop of a past scan) or already recorded (a resumed ingest) changes
 * nothing. Thin and broken open (or stay, with the new file) or close; late closes.
 */
export async function recordRobotFile(file: HealthFile, now = new Date()): Promise<void> {
  if (!file.health) return;
  const settings = (await getSettings()).robotHealth;
  const facts: RobotFileFacts = {
    fileId: file._id,
    date: file.date,
    rowCount: file.rowCount,
    columns: file.health.columns,
    emptyShares: file.health.emptyShares,
    ...(file.error ? { error: { code: file.health.errorCode ?? 'MALFORMED_CSV', message: file.error } } : {}),
  };
  const out = await changeRobot(
    file.retailer,
    file.type,
    (current) => {
      if (current?.lastFile && (current.lastFile._id === file._id || file.date < current.lastFile.date)) return undefined;
      const state = { lastFile: current?.lastFile, lastGoodFile: current?.lastGoodFile, recentRowCounts: current?.recentRowCounts ?? [] };
      const { findings, next } = assessFile(facts, state, settings);
      const base = { retailer: file.retailer, retailerName: file.retailerName, slug: file.name, type: file.type, robot: file.robot };
      const put: RobotProblem[] = findings.map((f) => ({ ...base, kind: f.kind, detail: f.detail, since: file.date, file: ref(file), lastGoodFile: ref(state.lastGoodFile), openedAt: now.toISOString() }));
      const close: RobotProblemKind[] = ['late', ...(['thin', 'broken'] as const).filter((k) => !findings.some((f) => f.kind === k))];
      return {
        health: { ...base, ...(current?.cadenceDays ? { cadenceDays: current.cadenceDays } : {}), lastFile: next.lastFile, ...(next.lastGoodFile ? { lastGoodFile: next.lastGoodFile } : {}), recentRowCounts: next.recentRowCounts },
        put,
        close,
      };
    },
    now,
  );
  if (out?.opened.length) logger.warn('robot problem', { retailer: file.retailer, type: file.type, problems: out.opened.map((p) => p.kind) });
  await afterChange(file.retailer, out);
}

/** A file left the post office (approved or rejected): the robot's stuck problem about it closes. */
export async function settleDecidedFile(file: Pick<HealthFile, '_id' | 'retailer' | 'type'>, now = new Date()): Promise<void> {
  const out = await changeRobot(
    file.retailer,
    file.type,
    (current, open) => {
      const stuck = open.find((p) => p.kind === 'stuck');
      if (!current || !stuck || stuck.file?._id !== file._id) return undefined;
      return { health: strip(current), put: [], close: ['stuck'] };
    },
    now,
  );
  await afterChange(file.retailer, out);
}

const strip = (h: RobotHealthItem): Omit<RobotHealthItem, 'rev' | 'updatedAt' | 'problems' | 'delayed'> => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { rev, updatedAt, problems, delayed, ...rest } = h;
  return rest;
};

/** A file waiting in the post office (gsi3 FILES#pending#<flag>), the fields the stuck rule reads. */
interface PendingFile {
  _id: string;
  date: string;
  createdAt: string;
  retailer: string;
  type: RobotType;
  rowCount: number;
}

/** The pending files whose scan date is on or before `lastDay` (an arrival is never before its scan date), by the three flags' partitions. */
async function pendingFilesUpTo(lastDay: string): Promise<PendingFile[]> {
  const out: PendingFile[] = [];
  for (const flag of ['require_review', 'caution', 'unflagged']) {
    const items = await queryAll<PendingFile>({
      IndexName: table.gsi3,
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :to',
      ExpressionAttributeValues: { ':pk': `FILES#pending#${flag}`, ':to': `${lastDay}#~` },
      ProjectionExpression: '#id, #date, createdAt, retailer, #type, rowCount',
      ExpressionAttributeNames: { '#id': '_id', '#date': 'date', '#type': 'type' },
    });
    out.push(...items);
  }
  return out;
}

export interface CheckResult {
  day: string;
  robots: number;
  opened: number;
  closed: number;
  open: number;
  alerts: number;
  reminders: number;
}

const daysSince = (iso: string, now: Date) => Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000);

/**
 * The daily check: every robot (gsi1 ROBOTS) and the pending files old enough to be stuck (gsi3),
 * never every file: late and stuck open, update or close; then the alerts and reminders. Run again
 * the same day, it changes and sends nothing more. `retailers`: only these retailers' robots (a
 * check of some retailers, as tests run it beside others; the daily job checks every robot).
 */
export async function checkRobots(day: string, now = new Date(), opts: { retailers?: readonly string[] } = {}): Promise<CheckResult> {
  const all = await getSettings();
  const settings: RobotHealthSettings = all.robotHealth;
  const only = opts.retailers ? new Set(opts.retailers) : undefined;
  const mine = <T extends { retailer: string }>(items: T[]) => (only ? items.filter((i) => only.has(i.retailer)) : items);
  const [robots, pending] = await Promise.all([allRobots().then(mine), pendingFilesUpTo(addDays(day, -settings.stuckDays)).then(mine)]);
  // The oldest stuck file of each robot.
  const stuckOf = new Map<string, PendingFile & { since: string; detail: string }>();
  for (const f of pending) {
    const found = stuckFinding(f, day, settings);
    if (!found) continue;
    const k = `${f.retailer}#${f.type}`;
    const held = stuckOf.get(k);
    if (!held || f.createdAt < held.createdAt) stuckOf.set(k, { ...f, since: found.since, detail: found.detail });
  }
  const result: CheckResult = { day, robots: robots.length, opened: 0, closed: 0, open: 0, alerts: 0, reminders: 0 };
  await mapLimit(robots, 8, async (robot) => {
    const cadence = robot.cadenceDays ?? ROBOT_HEALTH_DEFAULTS.cadenceDays;
    const late = lateFinding(robot.lastFile?.date, cadence, day, settings);
    const stuck = stuckOf.get(`${robot.retailer}#${robot.type}`);
    const wantLate = !!late;
    const wantStuck = !!stuck;
    const hasLate = robot.problems.includes('late');
    const hasStuck = robot.problems.includes('stuck');
    // Nothing to open or close and nothing whose text moves (the days a file waited): no write.
    if (wantLate === hasLate && wantStuck === hasStuck && !wantStuck && !wantLate) return;
    const out = await changeRobot(
      robot.retailer,
      robot.type,
      (current, open) => {
        if (!current) return undefined;
        const base = { retailer: current.retailer, retailerName: current.retailerName, slug: current.slug, type: current.type, robot: current.robot };
        const put: RobotProblem[] = [];
        const close: RobotProblemKind[] = [];
        const was = new Map(open.map((p) => [p.kind, p]));
        const lateNow = lateFinding(current.lastFile?.date, current.cadenceDays ?? ROBOT_HEALTH_DEFAULTS.cadenceDays, day, settings);
        if (lateNow) {
          if (was.get('late')?.detail !== lateNow.detail || was.get('late')?.since !== lateNow.since) put.push({ ...base, kind: 'late', detail: lateNow.detail, since: lateNow.since, file: null, lastGoodFile: ref(current.lastGoodFile), openedAt: now.toISOString() });
        } else if (was.has('late')) close.push('late');
        if (stuck) {
          const p = was.get('stuck');
          if (p?.detail !== stuck.detail || p?.file?._id !== stuck._id) put.push({ ...base, kind: 'stuck', detail: stuck.detail, since: stuck.since, file: ref(stuck), lastGoodFile: ref(current.lastGoodFile), openedAt: now.toISOString() });
        } else if (was.has('stuck')) close.push('stuck');
        if (!put.length && !close.length) return undefined;
        return { health: strip(current), put, close };
      },
      now,
    );
    if (out) {
      result.opened += out.opened.length;
      result.closed += out.closed.length;
    }
    await afterChange(robot.retailer, out);
  });
  const problems = mine(await allProblems());
  result.open = problems.length;
  const sent = await alertProblems(problems, all.emailAlerts, settings, day, now);
  result.alerts = sent.alerts;
  result.reminders = sent.reminders;
  if (!only) await putLastCheck({ at: now.toISOString(), ...result });
  logger.info('robot health checked', { ...result });
  if (sent.errors.length) throw new AggregateError(sent.errors, `${sent.errors.length} robot alert email(s) failed: ${sent.errors[0]!.message}`);
  return result;
}


/** The email of one problem (the notification's HTML is its body). */
export function problemEmail(p: RobotProblem, reminderDay?: number): { subject: string; html: string; message: string } {
  const link = `${env.appUrl}/admin/post-office`;
  const lastGood = p.lastGoodFile ? `${usDate(p.lastGoodFile.date)} (${p.lastGoodFile.rowCount.toLocaleString('en-US')} rows)` : M.noGoodFile;
  const message = `<p><strong>${escapeHtml(p.retailerName)}</strong>, ${escapeHtml(ROBOT_TYPE_LABELS[p.type])} robot (${escapeHtml(p.robot)}): ${escapeHtml(ROBOT_PROBLEM_LABELS[p.kind].toLowerCase())} since ${usDate(p.since)}.</p>
<p>${escapeHtml(p.detail)}</p>
<p>Last good file: ${escapeHtml(lastGood)}.</p>
<p><a href="${escapeHtml(link)}">Open the Robot Health panel</a></p>`;
  const subject = reminderDay ? M.reminderSubject(p.retailerName, p.kind, reminderDay) : M.alertSubject(p.retailerName, p.kind);
  return { subject, html: layout(subject, message), message };
}

/**
 * One alert per new problem (an admin notification and an email to the post office's alert
 * recipients), then a reminder email every `reminderDays` while it lasts. Each is claimed on the
 * problem before it is sent (a retried or parallel run sends nothing twice); a failed send gives
 * the claim back and is reported after the others were tried.
 */
async function alertProblems(problems: RobotProblem[], recipients: string[], settings: RobotHealthSettings, day: string, now: Date): Promise<{ alerts: number; reminders: number; errors: Error[] }> {
  const out = { alerts: 0, reminders: 0, errors: [] as Error[] };
  // A few at a time (the day every robot is late sends 600: bench/README.md "Robot health").
  await mapLimit(problems, 8, async (p) => {
    const mark = !p.notifiedAt ? 'notifiedAt' : daysSince(p.remindedAt ?? p.notifiedAt, now) >= settings.reminderDays ? 'remindedAt' : undefined;
    if (!mark) return;
    if (!(await claimAlert(p, mark, now))) return;
    const email = problemEmail(p, mark === 'remindedAt' ? daysSince(`${p.since}T00:00:00Z`, now) : undefined);
    try {
      if (mark === 'notifiedAt') {
        await createNotificationRecord(
          { subject: `robot:${M.notification(p.retailerName, p.type, p.kind)}`, retailer: p.retailerName, retailerId: p.retailer, ...(p.file ? { fileId: p.file._id } : {}), message: email.message },
          { seenFlag: false, id: `robot-${p.retailer}-${p.type}-${p.kind}-${p.since}` },
        );
      }
      if (recipients.length) {
        faultPoint('robot-alert-email', `${p.retailer}/${p.type}/${p.kind}`);
        await sendEmail({ to: recipients, subject: email.subject, html: email.html });
      }
      if (mark === 'notifiedAt') out.alerts++;
      else out.reminders++;
    } catch (e) {
      await releaseAlert(p, mark);
      out.errors.push(e instanceof Error ? e : new Error(String(e)));
    }
  });
  logger.info('robot alerts', { day, alerts: out.alerts, reminders: out.reminders, failed: out.errors.length });
  return out;
}
