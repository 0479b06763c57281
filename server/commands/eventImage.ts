import type { Kysely, Transaction } from 'kysely';
import type { EventImage } from '../../common/images';
import { IMAGE_UNAVAILABLE, type ValidEventInput } from '../../common/schemas/events';
import type { Actor } from '../auth/actor';
import { invalidField } from '../errors';
import { canAttachImage } from '../policies/images';
import { getImage, markImageUsed } from '../store/images';
import type { Database } from '../store/schema';

/**
 * The flyer a submission or an edit names (docs/PRODUCT.md#flyers), as the event will store it: the
 * image it already shows (its alt text may change), or an upload of `actor`'s own, marked used so the
 * daily clean-up keeps it. Anything else (an id that is not an upload, someone else's) is a 400 on
 * `image` and nothing is written. `actor` null: a change a moderator accepts, checked when proposed.
 */
export async function resolveEventImage(
  trx: Transaction<Database> | Kysely<Database>,
  actor: Actor | null,
  input: ValidEventInput['image'],
  current: EventImage | null,
  now = Date.now(),
): Promise<EventImage | null> {
  if (!input) return null;
  if (current && current.id === input.id) return { ...current, alt: input.alt };
  const image = await getImage(trx, input.id);
  if (!image || (actor && !canAttachImage(actor, image))) throw invalidField('image', IMAGE_UNAVAILABLE);
  await markImageUsed(trx, image.id, now);
  return { id: image.id, hash: image.hash, width: image.width, height: image.height, alt: input.alt };
}
