import type { Actor } from '../auth/actor';
import type { EventRow } from '../store/schema';
import { canViewEvent } from './events';

/**
 * Who may report an event: a signed-in person who can see it, and only once it is published (a pending
 * event is the moderators' business already; a rejected or removed one is gone).
 */
export function canReportEvent(
  actor: Actor | null,
  event: Pick<EventRow, 'status' | 'created_by'>,
): actor is Actor {
  return actor !== null && event.status === 'approved' && canViewEvent(actor, event);
}
