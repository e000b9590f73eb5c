/**
 * The demo month's dates as the test stack seeded them (infra/local/demo-calendar.ts): from the
 * moment the stack made its data (DEMO_NOW in its environment), not the suite's own clock, so a
 * run across midnight reads the same dates.
 */
import { demoCalendar, type DemoCalendar } from '../../infra/local/demo-calendar';
import { stack } from './api';

export const demo = (): DemoCalendar => demoCalendar(new Date(stack().env.DEMO_NOW!));

/** A demo robot file's key: `incoming/<type>/<slug>/<the scan date of period p (0–3)>/<type>-robot.csv`. */
export const demoFileKey = (type: 'product' | 'brand' | 'homepage', slug: string, period: 0 | 1 | 2 | 3): string => `incoming/${type}/${slug}/${demo().periods[period]}/${type}-robot.csv`;

/** YYYY-MM-DD as MM/DD/YYYY (the post office's dates). */
export const usDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
