/**
 * The demo month's dates, relative to the moment the demo data is made (issue 37): whatever the
 * day, the demo reads as a live programme. Four weekly scans, the last one three days before
 * that day (its files arrive and are approved a day or two after it, so before that day; the next
 * scans are ahead), the brand's on-hand feed with the third scan, and the robots' daily check the
 * morning the data is made. Saint-Clair Jewelers' product robot stopped after the third scan: the
 * one retailer deliberately late.
 *
 * `npm start` keeps the moment in `.data/demo.json` (a second start reads the same calendar);
 * the test stack puts it in its environment as DEMO_NOW, so the suites read the dates the stack
 * seeded, even across a midnight.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DAY_MS = 86_400_000;

export interface DemoCalendar {
  /** When the demo data was made (ISO). */
  now: string;
  /** That day (YYYY-MM-DD, UTC). */
  today: string;
  /** The four scan dates, oldest first, a week apart; the last is three days before `today`. */
  periods: readonly [string, string, string, string];
  /** The on-hand feed's date (the third scan's). */
  ohDate: string;
  /** The robots' daily check (ISO): 05:30 UTC that day, or `now` if that is earlier. */
  healthCheck: string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function demoCalendar(now: Date): DemoCalendar {
  if (Number.isNaN(now.getTime())) throw new Error('demoCalendar: not a date');
  const today = isoDay(now.getTime());
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const last = midnight - 3 * DAY_MS;
  const periods = [3, 2, 1, 0].map((w) => isoDay(last - w * 7 * DAY_MS)) as unknown as DemoCalendar['periods'];
  const check = Math.min(midnight + 5.5 * 3_600_000, now.getTime());
  return { now: now.toISOString(), today, periods, ohDate: periods[2], healthCheck: new Date(check).toISOString() };
}

/** Days from `from` to `to` (YYYY-MM-DD), whole UTC days. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * `iso` moved by `days` (fractions allowed), but never to `now` or past it: a move that fits in
 * the first half of the time left is made as asked; a longer one is eased into the second half
 * (strictly increasing in `days`). Keeps the demo's events in their order (flagged, notified,
 * answered) and none in the future, whatever the hour the data is made.
 */
export function laterBy(iso: string, days: number, now: string): string {
  const from = Date.parse(iso);
  const half = Math.max(0, Date.parse(now) - from) / 2;
  const move = days * DAY_MS;
  const eased = move <= half ? move : half + half * (1 - Math.exp(-(move - half) / half));
  return new Date(from + eased).toISOString();
}

/** Under the data folder: when its demo data was made. */
export const DEMO_FILE = 'demo.json';

/**
 * The moment the demo data of `dataDir` was made: kept in `demo.json`; a folder made before that
 * file existed dates from its oldest file (the JWT secret, written first); a new folder from now,
 * or DEMO_NOW when set (tests, to seed a month as of another day).
 */
export function demoMoment(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): Date {
  const asked = env.DEMO_NOW ? new Date(env.DEMO_NOW) : undefined;
  if (asked && Number.isNaN(asked.getTime())) throw new Error(`DEMO_NOW=${env.DEMO_NOW}: not a date (write it as 2026-12-07T10:00:00Z)`);
  if (!dataDir) return asked ?? new Date();
  const file = path.join(dataDir, DEMO_FILE);
  if (existsSync(file)) {
    const kept = new Date((JSON.parse(readFileSync(file, 'utf8')) as { now?: string }).now ?? '');
    if (!Number.isNaN(kept.getTime())) return kept;
  }
  const secret = path.join(dataDir, 'jwt-secret');
  const moment = existsSync(secret) ? statSync(secret).mtime : (asked ?? new Date());
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ now: moment.toISOString() }, null, 2) + '\n');
  return moment;
}

/** What `npm start` says once about a data folder whose demo month has gone by (its next scans overdue), or null. */
export function staleDemoNotice(calendar: DemoCalendar, today: string): string | null {
  const age = daysBetween(calendar.today, today);
  if (age < 5) return null;
  return [
    `The demo data in .data/ was made on ${calendar.today}, ${age} days ago: its scans have gone by and read as overdue.`,
    `  For a demo month dated from today: npm start -- --fresh   (the old data is kept as .data-${calendar.today}/)`,
  ].join('\n');
}
