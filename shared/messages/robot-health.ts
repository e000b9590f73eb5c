/** Texts of robot health (issue 25; ours): the post office's Robot Health panel, its alerts and the brands' "data delayed" line. */
import type { RobotType } from '../robot-columns';

export const ROBOT_PROBLEM_KINDS = ['late', 'thin', 'broken', 'stuck'] as const;
export type RobotProblemKind = (typeof ROBOT_PROBLEM_KINDS)[number];

/** The robot health thresholds (in the post office settings) and their defaults. */
export const ROBOT_HEALTH_DEFAULTS = {
  /** thin: a file with fewer rows than this % of the median of the robot's recent files. */
  thinPercent: 60,
  /** broken: a tracked column (price, images, URL) that was at most this % empty... */
  emptyBeforePercent: 10,
  /** ...and is now at least this % empty. */
  emptyNowPercent: 90,
  /** late: days after the expected day before a missing file is late. */
  graceDays: 2,
  /** stuck: days a file may wait in the post office. */
  stuckDays: 3,
  /** A reminder email every this many days while a problem lasts. */
  reminderDays: 3,
  /** The expected days between two files of a robot when the admin set none (the scan interval). */
  cadenceDays: 7,
} as const;

/** The bounds of each setting (whole numbers). */
export const ROBOT_HEALTH_LIMITS = {
  thinPercent: [1, 100],
  emptyBeforePercent: [0, 100],
  emptyNowPercent: [1, 100],
  graceDays: [0, 60],
  stuckDays: [1, 60],
  reminderDays: [1, 60],
  cadenceDays: [1, 90],
} as const;

export const ROBOT_TYPE_LABELS: Record<RobotType, string> = { product: 'Products', brand: 'Brand page', homepage: 'Homepage' };

export const ROBOT_PROBLEM_LABELS: Record<RobotProblemKind, string> = { late: 'Late', thin: 'Thin file', broken: 'Broken file', stuck: 'Stuck in review' };

export const ROBOT_HEALTH_MSG = {
  panelTitle: 'Robot Health',
  robotsTitle: 'Robots and their schedule',
  noProblems: 'Every robot is healthy: no late, thin, broken or stuck file.',
  noRobots: 'No robot has dropped a file yet.',
  lastCheck: (when: string) => `Last daily check: ${when}`,
  neverChecked: 'The daily check has not run yet.',
  noGoodFile: 'None yet',
  scheduleSaved: 'Schedule saved.',
  scheduleReset: 'Schedule set back to the default.',
  cadenceInvalid: `The schedule must be a whole number of days from ${ROBOT_HEALTH_LIMITS.cadenceDays[0]} to ${ROBOT_HEALTH_LIMITS.cadenceDays[1]}.`,
  robotNotFound: 'This robot has not dropped a file yet.',
  settingInvalid: (label: string, [min, max]: readonly [number, number]) => `${label} must be a whole number from ${min} to ${max}.`,
  emptyShareOrder: 'The "now empty" share must be above the "was empty" share.',
  /** Why each problem was opened, as the panel, the notification and the email say it. */
  late: (last: string | null, due: string) => (last ? `No file since ${last}; one was expected by ${due}.` : `No file yet; one was expected by ${due}.`),
  thinEmpty: (date: string) => `The file of ${date} has no rows.`,
  thin: (date: string, rows: number, median: number, percent: number) => `The file of ${date} has ${rows.toLocaleString('en-US')} rows, ${percent} % of the usual ${median.toLocaleString('en-US')}.`,
  brokenUnreadable: (date: string, reason: string) => `The file of ${date} could not be read: ${reason}`,
  brokenMissing: (date: string, columns: readonly string[]) => `The file of ${date} lacks ${columns.length === 1 ? 'the column' : 'the columns'} ${columns.join(', ')}.`,
  brokenRenamed: (date: string, pairs: readonly string[]) => `The file of ${date} renamed ${pairs.join(', ')}.`,
  brokenEmpty: (date: string, columns: readonly string[]) => `In the file of ${date}, ${columns.join(', ')} ${columns.length === 1 ? 'is' : 'are'} suddenly empty.`,
  stuck: (date: string, days: number) => `The file of ${date} has waited in the post office for ${days} days.`,
  /** The brands' line (summary tile, Retailer List, retailer page). */
  dataDelayedSince: (date: string) => `Data delayed since ${date}`,
  dataDelayedTitle: 'The robot that reads this retailer is late or its file is held in review: what you see may be older than the retailer’s site.',
  /** The alert email and the admins' notification. */
  alertSubject: (retailer: string, kind: RobotProblemKind) => `Robot alert: ${retailer}: ${ROBOT_PROBLEM_LABELS[kind].toLowerCase()}`,
  reminderSubject: (retailer: string, kind: RobotProblemKind, days: number) => `Robot alert, day ${days}: ${retailer}: ${ROBOT_PROBLEM_LABELS[kind].toLowerCase()}`,
  notification: (retailer: string, type: RobotType, kind: RobotProblemKind) => `Robot health: ${retailer} (${ROBOT_TYPE_LABELS[type]}): ${ROBOT_PROBLEM_LABELS[kind].toLowerCase()}`,
} as const;

/** The robot health thresholds as the post office settings screen shows them (the labels are the schema's messages'). */
export const ROBOT_HEALTH_SETTING_FIELDS = [
  { name: 'thinPercent', label: 'Thin below', unit: '%', hint: 'A file is thin when its rows fall under this share of the robot’s usual count (the median of its recent files).' },
  { name: 'emptyBeforePercent', label: 'Was empty at most', unit: '%', hint: 'A price, image or URL column that was at most this share empty in the last good file…' },
  { name: 'emptyNowPercent', label: 'Now empty at least', unit: '%', hint: '…and is now at least this share empty makes the file broken.' },
  { name: 'graceDays', label: 'Late after', unit: 'days', hint: 'A robot is late this many days after the day its next file was due.' },
  { name: 'stuckDays', label: 'Stuck after', unit: 'days', hint: 'A file waiting in the post office for longer than this is stuck.' },
  { name: 'reminderDays', label: 'Remind every', unit: 'days', hint: 'While a problem lasts, a reminder email goes out this often.' },
] as const;
export type RobotHealthSettingName = (typeof ROBOT_HEALTH_SETTING_FIELDS)[number]['name'];

/** The post office screens' texts of robot health (the panel, the robots' schedules, the settings section). */
export const ROBOT_HEALTH_UI = {
  settingsTitle: 'Robot health',
  settingsIntro: 'When the daily check and each new file call a robot thin, broken, late or stuck. Whole numbers.',
  panelHint: 'Each problem clears itself when a good file of that robot arrives (a stuck file: when it is decided).',
  problemsCount: (n: number) => `${n.toLocaleString('en-US')} open ${n === 1 ? 'problem' : 'problems'}`,
  robotsCount: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'robot' : 'robots'}`,
  robotsHint: 'The stalest first. A robot is expected every so many days after its last file; without a schedule of its own, every 7 days.',
  columns: { retailer: 'Retailer', robot: 'Robot', problem: 'Problem', since: 'Since', lastGoodFile: 'Last good file', detail: 'Detail', lastFile: 'Last file', expectedBy: 'Expected by', recentRows: 'Recent rows', schedule: 'Schedule' },
  rows: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`,
  noRecentRows: 'None',
  showMore: 'Show more',
  loading: 'Loading robot health…',
  loadFailed: 'Robot health could not be loaded.',
  robotsLoadFailed: 'The robots could not be loaded.',
  scheduleLabel: (retailer: string, robot: string) => `Schedule of ${retailer}, ${robot}, in days`,
  days: 'days',
  defaultSchedule: 'Default',
  save: 'Save',
  useDefault: 'Use default',
  openFile: 'Open the file',
  openFileLabel: (retailer: string, date: string) => `Open the file of ${retailer} of ${date}`,
} as const;
