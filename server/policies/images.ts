import { type Actor, isModerator } from '../auth/actor';
import type { EventRow, ImageRow } from '../store/schema';
import { canViewEvent } from './events';

type ShowingEvent = Pick<EventRow, 'status' | 'created_by'>;

/**
 * A flyer's bytes are anyone's once an event that everyone may see shows it (docs/PRODUCT.md#flyers):
 * then its address may be cached by anyone, for ever.
 */
export const isPublicImage = (events: ShowingEvent[]) => events.some((event) => canViewEvent(null, event));

/**
 * Who may fetch a flyer that no published event shows: its uploader, the moderators (who review it in
 * a submission or a proposed change), and whoever may see an event that shows it (its submitter).
 * Everyone else is told it does not exist, as for the event (docs/PRODUCT.md#who-sees-what).
 */
export function canViewImage(
  actor: Actor | null,
  uploads: Pick<ImageRow, 'uploaded_by'>[],
  events: ShowingEvent[],
): boolean {
  if (isPublicImage(events)) return true;
  if (!actor) return false;
  if (isModerator(actor)) return true;
  if (uploads.some((upload) => upload.uploaded_by === actor.id)) return true;
  return events.some((event) => canViewEvent(actor, event));
}

/**
 * Which upload a person may put on an event: only one they uploaded themselves (docs/PRODUCT.md#flyers).
 * Keeping the image an event already shows needs no check (commands/eventImage.ts).
 */
export const canAttachImage = (actor: Actor, image: Pick<ImageRow, 'uploaded_by'>) =>
  image.uploaded_by === actor.id;
