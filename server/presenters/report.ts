import type { ReportReceipt } from '../../common/schemas/reports';
import type { ReportRow } from '../store/schema';

/**
 * The reporter's own receipt for a report they sent. It names no one: reporters are shown to
 * moderators only (presentReport in ./moderation.ts).
 */
export function presentReportReceipt(row: ReportRow): ReportReceipt {
  return { eventId: row.event_id, reason: row.reason, createdAt: new Date(row.created_at).toISOString() };
}
