/**
 * Scratch for the bench (issue 7 §4): the `updateSettings` route's schemas of
 * shared/schemas/post-office.ts written with `zod/mini`, same rules and messages, to measure what
 * converting the shared schemas would give (bench/bundles-bench.ts builds a handler on them).
 * NOT used by the product: the shared schemas stay on zod classic (docs/decisions.md "zod/mini").
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// Copies of shared/schemas/post-office.ts's constants: importing that module would bundle its
// classic schemas (module-level zod calls are not tree-shaken). The bench checks both agree.
// zod/mini has no default messages until a locale is set (classic sets English): the conversion
// would set it once, in the wrapper.
z.config(en());

const SETTINGS_LIMITS = { robotsPerType: 50, columnsPerRobot: 40, nameLength: 64, columnLength: 100, emailAlerts: 50 } as const;
const ROBOT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const notReserved = (k: string) => !RESERVED_KEYS.has(k);
const atMost = (n: number) => (o: Record<string, unknown>) => Object.keys(o).length <= n;

const thresholdValue = z.pipe(
  z
    .pipe(
      z.union([z.number(), z.string().check(z.trim(), z.maxLength(20, 'Thresholds must be numbers.'))], { error: 'Thresholds must be numbers.' }),
      z.transform((v: number | string) => (typeof v === 'number' ? v : v === '' ? 0 : Number(v))),
    )
    .check(z.refine((n) => Number.isFinite(n), { error: 'Thresholds must be numbers.' })),
  z.transform((n: number) => {
    const t = Math.trunc(n);
    return t < 1 ? 0 : Math.min(t, 100);
  }),
);
const robotName = z.string().check(
  z.maxLength(SETTINGS_LIMITS.nameLength, `Robot names have at most ${SETTINGS_LIMITS.nameLength} characters.`),
  z.regex(ROBOT_NAME, 'Robot names are letters, digits, spaces, dots, dashes and underscores.'),
  z.refine(notReserved, 'This robot name is not allowed.'),
);
const columnName = z.string().check(
  z.trim(),
  z.minLength(1, 'Column names cannot be empty.'),
  z.maxLength(SETTINGS_LIMITS.columnLength, `Column names have at most ${SETTINGS_LIMITS.columnLength} characters.`),
  z.regex(/^[^\p{Cc}]+$/u, 'Column names cannot contain control characters.'),
  z.refine(notReserved, 'This column name is not allowed.'),
);
const robotColumns = z.record(columnName, thresholdValue, {
  error: (iss) =>
    iss.code === 'invalid_key'
      ? `Column names have 1 to ${SETTINGS_LIMITS.columnLength} characters, no control characters, and are not a reserved word.`
      : 'Each robot maps column names to numbers.',
}).check(z.refine(atMost(SETTINGS_LIMITS.columnsPerRobot), `At most ${SETTINGS_LIMITS.columnsPerRobot} columns per robot.`));
const robotThresholds = z.record(robotName, robotColumns, {
  error: (iss) =>
    iss.code === 'invalid_key'
      ? `Robot names have at most ${SETTINGS_LIMITS.nameLength} letters, digits, spaces, dots, dashes or underscores, and are not a reserved word.`
      : 'Thresholds map robot names to columns.',
}).check(z.refine(atMost(SETTINGS_LIMITS.robotsPerType), `At most ${SETTINGS_LIMITS.robotsPerType} robots per type.`));

const email = z.string().check(
  z.trim(),
  z.maxLength(254, 'Email alert recipients must be valid emails.'),
  z.regex(z.regexes.email, 'Email alert recipients must be valid emails.'),
);

export const settingsBody = z.object({
  version: z.optional(z.int().check(z.minimum(0))),
  emailAlerts: z._default(
    z.array(email).check(z.maxLength(SETTINGS_LIMITS.emailAlerts, `At most ${SETTINGS_LIMITS.emailAlerts} email alert recipients.`)),
    [],
  ),
  ignoreImageData: z._default(z.boolean(), false),
  thresholds: z.strictObject(
    {
      product: z._default(robotThresholds, {}),
      brand: z._default(robotThresholds, {}),
      homepage: z._default(robotThresholds, {}),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Thresholds are set per robot type: product, brand or homepage.' : 'Thresholds are required.') },
  ),
});
export const settingsIdPath = z.object({ id: z.literal('threshold', { error: 'Unknown settings id.' }) });
