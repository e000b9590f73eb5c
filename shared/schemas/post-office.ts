import { z } from 'zod';
import { id, paging } from './common';

export const APPROVED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const FLAG_LEVELS = ['require_review', 'caution', 'unflagged'] as const;
export const FILE_SORTS = ['date;asc', 'date;desc', 'name;asc', 'name;desc', 'type;asc', 'type;desc'] as const;
export const DEFAULT_FILE_SORT = 'date;desc';

/** GET /getFiles */
export const listFilesQuery = z.object({
  sort: z.enum(FILE_SORTS, { error: 'Sort must be date, name or type with ;asc or ;desc.' }).default(DEFAULT_FILE_SORT),
  approvedStatus: z.enum(APPROVED_STATUSES, { error: 'Status must be pending, approved or rejected.' }).optional(),
  flag: z.enum(FLAG_LEVELS, { error: 'Flag must be require_review, caution or unflagged.' }).optional(),
  name: z.string().trim().max(100).optional(),
  fileName: z.string().trim().max(200).optional(),
  ...paging,
});

export const fileIdPath = z.object({ fId: id });
export const fileIdQuery = z.object({ _id: id });
export const fileIdBody = z.object({ _id: id });

/** GET /getFileData/{fId}: one page of 100 rows per side. */
export const fileDataQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

/** Thresholds: integer percents; values below 1 become 0 (001 §5). */
export const thresholdValue = z.coerce
  .number({ error: 'Thresholds must be numbers.' })
  .transform((n) => (Number.isFinite(n) ? Math.trunc(n) : 0))
  .transform((n) => (n < 1 ? 0 : Math.min(n, 100)));
const robotThresholds = z.record(z.string().min(1).max(100), z.record(z.string().min(1).max(100), thresholdValue));

export const settingsBody = z.object({
  /** The version the editor loaded (GET answers it); a save over a newer version is refused. */
  version: z.number().int().min(0).optional(),
  emailAlerts: z.array(z.string().trim().email('Email alert recipients must be valid emails.')).max(50).default([]),
  ignoreImageData: z.boolean().default(false),
  thresholds: z.object({
    product: robotThresholds.default({}),
    brand: robotThresholds.default({}),
    homepage: robotThresholds.default({}),
  }),
});
export type SettingsBody = z.infer<typeof settingsBody>;
export const settingsIdPath = z.object({ id: z.literal('threshold', { error: 'Unknown settings id.' }) });

/** GET /notifications */
export const listNotificationsQuery = z.object({ ...paging, limit: paging.limit.default(10) });
export const notificationIdPath = z.object({ id });
export const notificationSeenBody = z.object({ seenFlag: z.boolean({ error: 'seenFlag is required.' }) });
