import { type Actor, isModerator } from '../auth/actor';
import type { EventRow } from '../store/schema';

/**
 * Who may open an event's page (docs/PRODUCT.md#who-sees-what): approved events everyone; pending, rejected and removed
 * ones only moderators and the event's submitter. Everyone else is told it does not exist.
 */
export function canViewEvent(actor: Actor | null, event: Pick<EventRow, 'status' | 'created_by'>): boolean {
  if (event.status === 'approved') return true;
  if (!actor) return false;
  return isModerator(actor) || event.created_by === actor.id;
}
