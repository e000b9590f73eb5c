/** The settings document (PUT /settings/{id}) is bounded: known robot types, a robot-name pattern, counts, numbers. */
import { describe, expect, it } from 'vitest';
import { SETTINGS_LIMITS, settingsBody } from '../../../shared/schemas/post-office';

const parse = (thresholds: unknown, extra: Record<string, unknown> = {}) => settingsBody.safeParse({ thresholds, ...extra });
const firstMessage = (r: ReturnType<typeof parse>) => (r.success ? undefined : r.error.issues[0]?.message);

describe('settingsBody', () => {
  it('keeps a normal document, thresholds parsed as integers, below 1 → 0, above 100 → 100', () => {
    const r = parse({ product: { 'robot-1.v2': { Name: '12.7', Price: -3, Brand: 0.5, 'Brand SKU': 250, Description: '' } }, homepage: { default: { 'Sub Menu': 10 } } });
    expect(r.success).toBe(true);
    expect(r.data?.thresholds).toEqual({ product: { 'robot-1.v2': { Name: 12, Price: 0, Brand: 0, 'Brand SKU': 100, Description: 0 } }, brand: {}, homepage: { default: { 'Sub Menu': 10 } } });
  });

  it('refuses a robot type that does not exist', () => {
    expect(firstMessage(parse({ product: {}, evil: {} }))).toBe('Thresholds are set per robot type: product, brand or homepage.');
  });

  it('refuses robot and column names outside the pattern or reserved', () => {
    for (const name of ['constructor', 'prototype', '../x', 'a/b', '', ' lead', 'x'.repeat(SETTINGS_LIMITS.nameLength + 1), 'tab\there']) {
      expect(firstMessage(parse({ product: { [name]: {} } })), name).toMatch(/^Robot names have at most/);
    }
    for (const column of ['constructor', 'prototype', '', 'x'.repeat(SETTINGS_LIMITS.columnLength + 1), 'a\u0000b']) {
      expect(firstMessage(parse({ product: { r: { [column]: 1 } } })), column).toMatch(/^Column names have/);
    }
  });

  it('refuses more robots per type or columns per robot than the limits', () => {
    const many = (n: number, v: unknown) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, v]));
    expect(parse({ brand: many(SETTINGS_LIMITS.robotsPerType, {}) }).success).toBe(true);
    expect(firstMessage(parse({ brand: many(SETTINGS_LIMITS.robotsPerType + 1, {}) }))).toBe(`At most ${SETTINGS_LIMITS.robotsPerType} robots per type.`);
    expect(firstMessage(parse({ brand: { r: many(SETTINGS_LIMITS.columnsPerRobot + 1, 5) } }))).toBe(`At most ${SETTINGS_LIMITS.columnsPerRobot} columns per robot.`);
  });

  it('refuses thresholds that are not numbers (booleans, objects, huge or non-finite text)', () => {
    for (const v of [true, null, {}, [], 'abc', '1e999', '9'.repeat(25)]) {
      expect(firstMessage(parse({ product: { r: { Name: v } } })), JSON.stringify(v)).toBe('Thresholds must be numbers.');
    }
  });

  it('bounds the alert recipients', () => {
    const emails = Array.from({ length: SETTINGS_LIMITS.emailAlerts + 1 }, (_, i) => `a${i}@demo.test`);
    expect(firstMessage(parse({}, { emailAlerts: emails }))).toBe(`At most ${SETTINGS_LIMITS.emailAlerts} email alert recipients.`);
    expect(firstMessage(parse({}, { emailAlerts: [`${'a'.repeat(250)}@demo.test`] }))).toBe('Email alert recipients must be valid emails.');
  });
});
