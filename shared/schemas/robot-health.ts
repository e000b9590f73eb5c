/** Robot health (issue 25; ours, not the spec's): the post office's Robot Health panel, the robots' schedules, the thresholds. */
import * as z from 'zod';
import { ROBOT_TYPES } from '../robot-columns';
import { ROBOT_HEALTH_DEFAULTS as D, ROBOT_HEALTH_LIMITS as L, ROBOT_HEALTH_MSG as M, ROBOT_PROBLEM_KINDS } from '../messages/robot-health';
import { id, paging } from './common';

const whole = (label: string, [min, max]: readonly [number, number]) =>
  z.number({ error: M.settingInvalid(label, [min, max]) }).int(M.settingInvalid(label, [min, max])).min(min, M.settingInvalid(label, [min, max])).max(max, M.settingInvalid(label, [min, max]));

/** The robot health thresholds, a part of the post office settings (PUT /settings/threshold `robotHealth`). */
export const robotHealthSettings = z
  .strictObject({
    thinPercent: whole('Thin below', L.thinPercent).default(D.thinPercent),
    emptyBeforePercent: whole('Was empty at most', L.emptyBeforePercent).default(D.emptyBeforePercent),
    emptyNowPercent: whole('Now empty at least', L.emptyNowPercent).default(D.emptyNowPercent),
    graceDays: whole('Late after', L.graceDays).default(D.graceDays),
    stuckDays: whole('Stuck after', L.stuckDays).default(D.stuckDays),
    reminderDays: whole('Remind every', L.reminderDays).default(D.reminderDays),
  })
  .refine((s) => s.emptyNowPercent > s.emptyBeforePercent, { error: M.emptyShareOrder, path: ['emptyNowPercent'] });
export type RobotHealthSettings = z.infer<typeof robotHealthSettings>;
export const DEFAULT_ROBOT_HEALTH_SETTINGS: RobotHealthSettings = {
  thinPercent: D.thinPercent,
  emptyBeforePercent: D.emptyBeforePercent,
  emptyNowPercent: D.emptyNowPercent,
  graceDays: D.graceDays,
  stuckDays: D.stuckDays,
  reminderDays: D.reminderDays,
};

export const robotType = z.enum(ROBOT_TYPES, { error: 'The robot type is product, homepage or brand.' });
export const robotProblemKind = z.enum(ROBOT_PROBLEM_KINDS);

/** GET /robotHealth and GET /robots */
export const robotHealthQuery = z.object({
  limit: paging.limit.default(25),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});
/** PUT /robots/{retailerId}/{type} */
export const robotPath = z.object({ retailerId: id, type: robotType });
/** The days expected between two files of the robot; null: back to the default. */
export const robotScheduleBody = z.strictObject({
  cadenceDays: z.number({ error: M.cadenceInvalid }).int(M.cadenceInvalid).min(L.cadenceDays[0], M.cadenceInvalid).max(L.cadenceDays[1], M.cadenceInvalid).nullable(),
});

const retailerRef = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
const fileRef = z.object({ _id: z.string(), date: z.string(), rowCount: z.number() });

/** One open problem of a robot (the Robot Health panel). */
export const robotProblemView = z.object({
  id: z.string(),
  retailer: retailerRef,
  type: robotType,
  /** The robot's file name (its last file's). */
  robot: z.string(),
  kind: robotProblemKind,
  /** Why, in words (ROBOT_HEALTH_MSG). */
  detail: z.string(),
  /** The day the problem started (YYYY-MM-DD): the missed day, the bad file's date, the day the file arrived. */
  since: z.string(),
  /** The file the problem is about (thin, broken, stuck), or null (late). */
  file: fileRef.nullable(),
  lastGoodFile: fileRef.nullable(),
  /** When the alert email went (ISO), null until the daily check sends it. */
  notifiedAt: z.string().nullable(),
});
export type RobotProblemView = z.infer<typeof robotProblemView>;

/** One robot (a retailer and a robot type) with its schedule. */
export const robotView = z.object({
  retailer: retailerRef,
  type: robotType,
  robot: z.string(),
  lastFile: fileRef.nullable(),
  lastGoodFile: fileRef.nullable(),
  /** Row counts of the recent files, oldest first (at most 8). */
  recentRowCounts: z.array(z.number()),
  cadenceDays: z.number(),
  /** True when an admin set the schedule (else the default). */
  cadenceSet: z.boolean(),
  /** The day the next file is due (last file + cadence), or null before any file. */
  expectedBy: z.string().nullable(),
  problems: z.array(robotProblemKind),
});
export type RobotView = z.infer<typeof robotView>;

/** GET /robotHealth: the open problems, oldest first, a page at a time; the count; when the daily check last ran. */
export const robotHealthResponse = z.object({ data: z.array(robotProblemView), totalCount: z.number(), nextCursor: z.string().nullable(), lastCheckAt: z.string().nullable() });
/** GET /robots: every robot, the stalest (oldest last file) first. */
export const listRobotsResponse = z.object({ data: z.array(robotView), totalCount: z.number(), nextCursor: z.string().nullable() });
/** PUT /robots/{retailerId}/{type} */
export const robotScheduleResponse = z.object({ message: z.string(), robot: robotView });

/** A whole number as typed in an input: the text as a number ('' or not a number: NaN, which the number schema refuses with its message). */
export const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The post office's schedule edit of one robot: the days as typed; its output is the PUT body. */
export const robotScheduleForm = z.object({ cadenceDays: z.string() }).transform((v, ctx) => {
  const body = robotScheduleBody.safeParse({ cadenceDays: typedNumber(v.cadenceDays) });
  if (body.success) return body.data;
  for (const issue of body.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
export type RobotScheduleFormValues = z.input<typeof robotScheduleForm>;
