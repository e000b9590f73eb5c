import * as z from 'zod';
import { APPROVED_STATUSES, DEFAULT_FILE_SORT, FILE_SORTS, FLAG_LEVELS, ROW_MARKS } from '../constants';
import { normalizeThreshold, ROBOT_TYPE_DEFINITIONS, ROBOT_TYPES } from '../robot-columns';
import { id, paging } from './common';
import { robotHealthSettings, typedNumber } from './robot-health';

// Declared once in shared/constants.ts (zod-free, so the workflow's functions read them too).
export { APPROVED_STATUSES, DEFAULT_FILE_SORT, FILE_SORTS, FLAG_LEVELS, ROW_MARKS };

/** GET /getFiles */
export const listFilesQuery = z.object({
  sort: z.enum(FILE_SORTS, { error: 'Sort must be date, name or type with ;asc or ;desc.' }).default(DEFAULT_FILE_SORT),
  approvedStatus: z.enum(APPROVED_STATUSES, { error: 'Status must be pending, approved or rejected.' }).optional(),
  flag: z.enum(FLAG_LEVELS, { error: 'Flag must be require_review, caution or unflagged.' }).optional(),
  name: z.string().trim().max(100).optional(),
  fileName: z.string().trim().max(200).optional(),
  ...paging,
  /** Where the page starts: the `nextCursor` of the page before (without it, `page` is counted from the first). */
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});

/** GET /getFlagValues: the list's status ('all': every status; default pending) and retailer the counters count. */
export const flagValuesQuery = z.object({
  approvedStatus: z.enum([...APPROVED_STATUSES, 'all'], { error: 'Status must be pending, approved, rejected or all.' }).default('pending'),
  name: z.string().trim().max(100).optional(),
});

export const fileIdPath = z.object({ fId: id });
export const fileIdQuery = z.object({ _id: id });
export const fileIdBody = z.object({ _id: id });

/** GET /getFileData/{fId}: one page of 100 rows per side. */
export const fileDataQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

/** Bounds of the settings document (PUT /settings/{id}); see docs/decisions.md, "Post office". */
export const SETTINGS_LIMITS = { robotsPerType: 50, columnsPerRobot: 40, nameLength: 64, columnLength: 100, emailAlerts: 50 } as const;
/** Keys that would reach an object's prototype if a program ever copied them. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** A robot is a dropped file's base name: letters, digits, space, dot, dash, underscore; `default` for the rest. */
export const ROBOT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

/** Thresholds: integer percents; values below 1 become 0 (001 §5), above 100 become 100. */
export const thresholdValue = z
  .union([z.number(), z.string().trim().max(20, 'Thresholds must be numbers.')], { error: 'Thresholds must be numbers.' })
  .transform((v) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v)))
  .refine((n) => Number.isFinite(n), { error: 'Thresholds must be numbers.' })
  .transform((n) => Math.trunc(n))
  .transform((n) => (n < 1 ? 0 : Math.min(n, 100)));

const notReserved = (k: string) => !RESERVED_KEYS.has(k);
const robotName = z
  .string()
  .max(SETTINGS_LIMITS.nameLength, `Robot names have at most ${SETTINGS_LIMITS.nameLength} characters.`)
  .regex(ROBOT_NAME, 'Robot names are letters, digits, spaces, dots, dashes and underscores.')
  .refine(notReserved, 'This robot name is not allowed.');
const columnName = z
  .string()
  .trim()
  .min(1, 'Column names cannot be empty.')
  .max(SETTINGS_LIMITS.columnLength, `Column names have at most ${SETTINGS_LIMITS.columnLength} characters.`)
  // No control characters (a column name is a header cell of a robot file).
  .regex(/^[^\p{Cc}]+$/u, 'Column names cannot contain control characters.')
  .refine(notReserved, 'This column name is not allowed.');
const atMost = (n: number, what: string) => (o: Record<string, unknown>) => Object.keys(o).length <= n || `At most ${n} ${what}.`;
const robotColumns = z
  .record(columnName, thresholdValue, {
    error: (iss) =>
      iss.code === 'invalid_key'
        ? `Column names have 1 to ${SETTINGS_LIMITS.columnLength} characters, no control characters, and are not a reserved word.`
        : 'Each robot maps column names to numbers.',
  })
  .refine((o) => atMost(SETTINGS_LIMITS.columnsPerRobot, 'columns per robot')(o) === true, `At most ${SETTINGS_LIMITS.columnsPerRobot} columns per robot.`);
const robotThresholds = z
  .record(robotName, robotColumns, {
    error: (iss) =>
      iss.code === 'invalid_key'
        ? `Robot names have at most ${SETTINGS_LIMITS.nameLength} letters, digits, spaces, dots, dashes or underscores, and are not a reserved word.`
        : 'Thresholds map robot names to columns.',
  })
  .refine((o) => atMost(SETTINGS_LIMITS.robotsPerType, 'robots per type')(o) === true, `At most ${SETTINGS_LIMITS.robotsPerType} robots per type.`);

export const settingsBody = z.object({
  /** The version the editor loaded (GET answers it); a save over a newer version is refused. */
  version: z.number().int().min(0).optional(),
  emailAlerts: z
    .array(z.string().trim().max(254, 'Email alert recipients must be valid emails.').email('Email alert recipients must be valid emails.'))
    .max(SETTINGS_LIMITS.emailAlerts, `At most ${SETTINGS_LIMITS.emailAlerts} email alert recipients.`)
    .default([]),
  ignoreImageData: z.boolean().default(false),
  /** Robot health thresholds (issue 25; ours): left out, the stored ones stay. */
  robotHealth: robotHealthSettings.optional(),
  // Only the three robot types (shared/robot-columns.ts): any other key is refused, not dropped.
  thresholds: z.strictObject(
    {
      product: robotThresholds.default({}),
      brand: robotThresholds.default({}),
      homepage: robotThresholds.default({}),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Thresholds are set per robot type: product, brand or homepage.' : 'Thresholds are required.') },
  ),
});
export type SettingsBody = z.infer<typeof settingsBody>;

/** One Email Alert recipient as the server takes it (the settings screen checks each chip with it). */
export const emailAlertAddress = settingsBody.shape.emailAlerts.unwrap().element;

/** A threshold block as typed on the settings screen: robot name → diff column → the text of its input. */
const typedThresholds = z.record(z.string(), z.record(z.string(), z.string()));

/** The robot health thresholds as typed (issue 25): each the text of its input. */
const typedRobotHealth = z.object({ thinPercent: z.string(), emptyBeforePercent: z.string(), emptyNowPercent: z.string(), graceDays: z.string(), stuckDays: z.string(), reminderDays: z.string() });

/**
 * The Administration screen's form (001 §2, §5): the recipients, 'Ignore image data?' and the
 * percents as typed. Its output is the PUT body (`settingsBody`): every diff column of a robot's
 * type for every robot listed (a column left out is 0: not compared), each parsed as an integer
 * with values below 1 as 0; and the robot health thresholds (issue 25), each a whole number as
 * typed (not rounded: 2.5 days is refused, with the field's message).
 */
export const settingsForm = z
  .object({
    version: z.number().int().min(0).optional(),
    emailAlerts: z.array(z.string()),
    ignoreImageData: z.boolean(),
    thresholds: z.object({ product: typedThresholds, brand: typedThresholds, homepage: typedThresholds }),
    robotHealth: typedRobotHealth,
  })
  .transform((v, ctx) => {
    const thresholds = Object.fromEntries(
      ROBOT_TYPES.map((type) => {
        const def = ROBOT_TYPE_DEFINITIONS[type];
        const robots = Object.entries(v.thresholds[type]).map(([robot, typed]) => {
          const all: Record<string, number> = Object.fromEntries(def.columns.filter((c) => c !== def.keyColumn).map((c) => [c, 0]));
          for (const [c, text] of Object.entries(typed)) all[c] = normalizeThreshold(text);
          return [robot, all];
        });
        return [type, Object.fromEntries(robots)];
      }),
    );
    // The body is then checked as the server checks it; its refusals keep their paths.
    const robotHealth = Object.fromEntries(Object.entries(v.robotHealth).map(([k, text]) => [k, typedNumber(text)]));
    const body = settingsBody.safeParse({ ...v, thresholds, robotHealth });
    if (body.success) return body.data;
    for (const issue of body.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
export type SettingsFormValues = z.input<typeof settingsForm>;

/** A robot added to a threshold block by name (the settings screen): not empty, at most 100, not one of the block's `listed` (any case). */
export function newRobotForm(listed: readonly string[]) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the robot name.')
      .max(100, 'Too Long!')
      .refine((n) => !listed.some((l) => l.toLowerCase() === n.toLowerCase()), 'This robot is already listed.'),
  });
}
export const settingsIdPath = z.object({ id: z.literal('threshold', { error: 'Unknown settings id.' }) });

/** GET /notifications */
export const listNotificationsQuery = z.object({
  ...paging,
  limit: paging.limit.default(10),
  cursor: z.string().max(4096, 'The page cursor is not valid for this list.').optional(),
});
export const notificationIdPath = z.object({ id });
export const notificationSeenBody = z.object({ seenFlag: z.boolean({ error: 'seenFlag is required.' }) });

// ── Responses of the settings and notifications calls (001 §3, §7) ──────────────────────────────

/** Thresholds of one robot type as stored: robot name → column name → percent. */
const storedThresholds = z.record(z.string(), z.record(z.string(), z.number()));
/** The settings document as saved (the body's output without its `version`). */
export const storedSettings = z.object({
  emailAlerts: z.array(z.string()),
  ignoreImageData: z.boolean(),
  thresholds: z.object({ product: storedThresholds, brand: storedThresholds, homepage: storedThresholds }),
  /** Robot health thresholds (issue 25): the defaults until an admin saves some. */
  robotHealth: z.object({ thinPercent: z.number(), emptyBeforePercent: z.number(), emptyNowPercent: z.number(), graceDays: z.number(), stuckDays: z.number(), reminderDays: z.number() }),
});
/** GET /settings/threshold: `version` is sent back on save (0: never saved). */
export const settingsResponse = z.object({ _id: z.string(), settings: storedSettings, version: z.number(), updatedAt: z.string().nullable() });
/** PUT /settings/{id}: the saved settings and their new version. */
export const updateSettingsResponse = z.object({ message: z.string(), _id: z.string(), settings: storedSettings, version: z.number() });

/** Spec 001 §3 Notification. */
export const notification = z.object({
  _id: z.string(),
  /** 'prefix:title'; the screens show the part after the first colon. */
  subject: z.string(),
  retailer: z.string(),
  retailerId: z.string().optional(),
  fileId: z.string().optional(),
  /** HTML made by the server; sanitised before it is shown. */
  message: z.string(),
  createdAt: z.string(),
  seenFlag: z.boolean(),
});
/** GET /notifications: newest first, with the unseen count; `nextCursor` starts the next page. */
export const listNotificationsResponse = z.object({
  data: z.array(notification),
  totalCount: z.number(),
  unseenCount: z.number(),
  nextCursor: z.string().nullable().optional(),
});
/** PUT /notifications/{id} */
export const updateNotificationResponse = z.object({ data: notification });

// ── Responses of the post-office calls (001 §3, §7): the web's types are derived from these, and
// the handlers' return values are checked against them (functions/lib/http/handler.ts). ──────────

/** Added / removed / changed / unchanged rows of a file against the previous one. */
export const fileDiffSummary = z.object({ added: z.number(), removed: z.number(), changed: z.number(), unchanged: z.number() });

/** A robot file as the post office shows it (functions/files/present.ts). */
export const poFile = z.object({
  _id: z.string(),
  /** Scan period, YYYY-MM-DD. */
  date: z.string(),
  /** S3 key: incoming/<type>/<retailer slug>/<date>/<robot>.csv */
  fileName: z.string(),
  /** Retailer slug. */
  name: z.string(),
  retailer: z.string().optional(),
  retailerName: z.string(),
  type: z.enum(ROBOT_TYPES),
  robot: z.string(),
  approvedStatus: z.enum(APPROVED_STATUSES),
  flag: z.enum(FLAG_LEVELS),
  /** Why the file got its flag (sentences). */
  flagReasons: z.array(z.string()),
  rowCount: z.number(),
  previousFileId: z.string().nullable(),
  previousDate: z.string().nullable(),
  previousRowCount: z.number().nullable(),
  diff: fileDiffSummary.nullable(),
  /** The file could not be read (it can never be approved). */
  error: z.string().nullable(),
  /** Why the last approval failed (the file stays pending). */
  processingError: z.string().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
});

/** GET /getFiles */
/** `nextCursor`: where the next page starts (null on the last page, and for sorts read without an index). */
export const listFilesResponse = z.object({ data: z.array(poFile), totalCount: z.number(), nextCursor: z.string().nullable().optional() });
/** GET /getFiles/{fId}: the spec's shape, an array whose first element is the file. */
export const getFileResponse = z.array(poFile);
/** GET /samePeriodFiles/{fId} */
export const samePeriodFilesResponse = z.object({ samePeriodFiles: z.array(poFile) });

/** One row of one side of the comparison, with how it compares with the other file. */
export const markedRow = z.object({
  row: z.record(z.string(), z.string()),
  mark: z.enum(ROW_MARKS).optional(),
  /** Tracked columns whose value differs. */
  changed: z.array(z.string()).optional(),
  /** Their previous values (current side only). */
  old: z.record(z.string(), z.string()).optional(),
  /** The picture of each filled image column (the first of a list), as the browser loads it: an app link for a stored picture (docs/robot-files.md "Pictures"). */
  pictures: z.record(z.string(), z.string()).optional(),
});
export const comparisonSide = z.object({ date: z.string().nullable(), total: z.number(), offset: z.number(), data: z.array(markedRow) });
/** GET /getFileData/{fId}?page=N: one page of rows per side. */
export const fileDataResponse = z.object({
  type: z.enum(ROBOT_TYPES),
  keyColumn: z.string(),
  columns: z.array(z.string()),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  currentProductData: comparisonSide,
  previousProductData: comparisonSide,
});
/** GET /getFlagValues: files per flag level (of the status and retailer asked; default: pending). */
export const flagCountsResponse = z.record(z.enum(FLAG_LEVELS), z.number());
/** GET /upload/approveStatus */
export const approveFileResponse = z.object({ success: z.boolean(), message: z.string() });
/** POST /upload/NeedAttention */
export const markNeedsAttentionResponse = z.object({ success: z.boolean(), message: z.string(), data: poFile });
