/**
 * Recording a notification.
 * The public surface of functions/notifications/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { createNotificationRecord, type NotificationRecord } from './notifications.repo';
