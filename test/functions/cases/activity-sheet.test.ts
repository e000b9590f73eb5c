/** The activity export's rows (functions/cases/domain/activity-sheet.ts): pure. */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLUMNS, activityCells, activityTitle, statusAfterOf, usDateTime } from '../../../functions/cases/domain/activity-sheet';
import type { CaseEvent } from '../../../functions/cases/domain/case';
import type { CaseEventKind, CaseStatus } from '../../../shared/schemas/cases';

type Logged = CaseEvent & { statusAfter: CaseStatus | null };
const event = (over: Partial<Logged> = {}): Logged => ({
  caseId: 'cAAAAAAAAAAAAAAAAAAAAA',
  kind: 'emailed' as CaseEventKind,
  at: '2026-11-16T14:05:09.123Z',
  by: { id: 'u1', name: 'Cora Case' },
  detail: 'Emailed to buyer@shop.example',
  name: 'Aurora Ring',
  style_number: 'AR-1',
  ref: 'h1',
  statusAfter: 'notified',
  ...over,
});

describe('the activity sheet', () => {
  it('has the six columns, in order', () => {
    expect(ACTIVITY_COLUMNS.map((c) => c.header)).toEqual(['Date (UTC)', 'Case', 'Event', 'By', 'Detail', 'Case status after']);
  });

  it('writes a date as the app does (MM/DD/YYYY) with the time of day in UTC', () => {
    expect(usDateTime('2026-11-16T14:05:09.123Z')).toBe('11/16/2026 14:05');
    expect(usDateTime('2027-01-02T00:00:00.000Z')).toBe('01/02/2027 00:00');
  });

  it('one row an event: when, the product by style number and name, the event in words, who, the detail, the status after', () => {
    expect(activityCells(event())).toEqual(['11/16/2026 14:05', 'AR-1 – Aurora Ring', 'Emailed', 'Cora Case', 'Emailed to buyer@shop.example', 'Notified']);
  });

  it('the brand profile by name; the scan when no person did it', () => {
    expect(activityCells(event({ style_number: '', name: 'Brand profile', kind: 'auto_resolved', by: null, detail: 'Fixed on the scan of 11/16/2026', statusAfter: 'resolved' }))).toEqual([
      '11/16/2026 14:05',
      'Brand profile',
      'Fixed on a scan',
      'The scan',
      'Fixed on the scan of 11/16/2026',
      'Resolved',
    ]);
  });

  it('an event written before events kept their status: the status its kind always leaves, else nothing', () => {
    expect(statusAfterOf({ kind: 'flagged', statusAfter: null })).toBe('open');
    expect(statusAfterOf({ kind: 'reopened', statusAfter: null })).toBe('open');
    expect(statusAfterOf({ kind: 'acknowledged', statusAfter: null })).toBe('acknowledged');
    expect(statusAfterOf({ kind: 'unflagged', statusAfter: null })).toBe('resolved');
    expect(statusAfterOf({ kind: 'emailed', statusAfter: null })).toBeNull();
    expect(statusAfterOf({ kind: 'retailer_note', statusAfter: null })).toBeNull();
    expect(activityCells(event({ kind: 'retailer_note', detail: 'Fixed on Monday.', statusAfter: null }))[5]).toBe('');
    // A kept status wins over the kind's.
    expect(statusAfterOf({ kind: 'emailed', statusAfter: 'acknowledged' })).toBe('acknowledged');
  });

  it('names the sheet by the kind shown', () => {
    expect(activityTitle(undefined)).toBe('Case activity');
    expect(activityTitle('retailer_note')).toBe('Case activity (Retailer note)');
  });
});
