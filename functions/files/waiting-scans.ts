/**
 * What the post office tells the brand dashboard: the newest product file of each retailer still
 * waiting for a decision (pending), whose scan a brand would otherwise read as overdue ("a newer
 * scan is in review"). Kept on write (files.repo.ts "Scans waiting in the post office").
 */
import { getNewestPendingScans } from './files.repo';

/** Retailer id → the scan date of its newest pending product file (retailers with none are absent). One BatchGetItem per 100 retailers. */
export const newestScansInReview = (retailers: readonly string[]): Promise<Map<string, string>> => getNewestPendingScans(retailers);
