import type { Actor } from '../auth/actor';
import type { EventRow } from '../store/schema';

/**
 * Who may report an event: a signed-in person, and only once it is published (a pending event is the
 * moderators' business already; a rejected or removed one is gone). Everyone may see a published event
 * (canViewEvent), so that needs no second check.
 */
export function canReportEvent(actor: Actor | null, event: Pick<EventRow, 'status'>): actor is Actor {
  return actor !== null && event.status === 'approved';
}
