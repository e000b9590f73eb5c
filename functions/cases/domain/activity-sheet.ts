/**
 * What the activity export holds (issue 24): the retailer's case log as rows of a sheet, one row an
 * event, newest first, and the name the file is downloaded under. Pure.
 */
import { CASE_ACTIVITY_EXPORT as M, CASE_BY_SCAN, CASE_EVENT_LABEL, CASE_PROFILE_SUBJECT, CASE_STATUS_LABEL } from '../../../shared/messages/cases';
import type { CaseEventKind, CaseStatus } from '../../../shared/schemas/cases';
import { usDate } from '../../lib/us-date';
import type { CaseEvent } from './case';

/** The columns, in order (widths in characters). */
export const ACTIVITY_COLUMNS: readonly { header: string; width: number }[] = [
  { header: M.columns.at, width: 18 },
  { header: M.columns.subject, width: 36 },
  { header: M.columns.kind, width: 16 },
  { header: M.columns.by, width: 24 },
  { header: M.columns.detail, width: 60 },
  { header: M.columns.status, width: 18 },
];

/** An ISO time as the app writes dates (MM/DD/YYYY, usDate) with the time of day in UTC: '11/16/2026 14:05'. */
export const usDateTime = (iso: string): string => `${usDate(iso)} ${iso.slice(11, 16)}`;

/**
 * The status a kind of event always leaves the case in: what an event written before events kept
 * `statusAfter` still says. An email, a note or new reasons leave the status as it was, which the
 * event alone does not say: null.
 */
const STATUS_OF_KIND: Partial<Record<CaseEventKind, CaseStatus>> = {
  flagged: 'open',
  reopened: 'open',
  acknowledged: 'acknowledged',
  unflagged: 'resolved',
  resolved: 'resolved',
  auto_resolved: 'resolved',
};

export function statusAfterOf(e: Pick<CaseEvent, 'kind'> & { statusAfter: CaseStatus | null }): CaseStatus | null {
  return e.statusAfter ?? STATUS_OF_KIND[e.kind] ?? null;
}

/** The case an event is about: a product by its style number and name, or the brand profile. */
export const subjectOf = (e: Pick<CaseEvent, 'style_number' | 'name'>): string => (e.style_number ? `${e.style_number} – ${e.name}` : CASE_PROFILE_SUBJECT);

/** One event's cells, in the columns' order (made safe by the writer). */
export function activityCells(e: CaseEvent & { statusAfter: CaseStatus | null }): string[] {
  const status = statusAfterOf(e);
  return [usDateTime(e.at), subjectOf(e), CASE_EVENT_LABEL[e.kind] ?? e.kind, e.by?.name || CASE_BY_SCAN, e.detail ?? '', status ? CASE_STATUS_LABEL[status] : ''];
}

/** The sheet's title and the file's middle part: 'Case activity', or with the kind shown 'Case activity (Emailed)'. */
export const activityTitle = (kind: CaseEventKind | undefined): string => (kind ? `${M.title} (${CASE_EVENT_LABEL[kind]})` : M.title);
