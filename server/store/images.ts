import { type Kysely, sql, type Transaction } from 'kysely';
import type { EventImage, ImageFormat } from '../../common/images';
import type { ProcessedImage } from '../images/process';
import { newId } from './ids';
import type { Database, EventRow, ImageRow } from './schema';

const DAY_MS = 24 * 3600 * 1000;

/** Store an upload's variants (docs/PRODUCT.md#flyers), in one transaction: all of them or none. */
export async function insertImage(
  db: Kysely<Database>,
  {
    uploadedBy,
    image,
    uploadBytes,
    now = Date.now(),
  }: {
    uploadedBy: string;
    image: ProcessedImage;
    uploadBytes: number;
    now?: number;
  },
): Promise<ImageRow> {
  const row: ImageRow = {
    id: newId(),
    hash: image.hash,
    uploaded_by: uploadedBy,
    width: image.width,
    height: image.height,
    upload_bytes: uploadBytes,
    created_at: now,
    used_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('images').values(row).execute();
    for (const v of image.variants) {
      await trx
        .insertInto('image_variants')
        .values({ image_id: row.id, width: v.width, format: v.format, data: v.data })
        .execute();
    }
  });
  return row;
}

/**
 * How many images `userId` uploaded in the last 24 hours, how many bytes they weighed as sent, and when
 * the allowance grows again. Counted from the images themselves, so every app server agrees.
 */
export async function uploadsInLastDay(
  db: Kysely<Database>,
  userId: string,
  now = Date.now(),
): Promise<{ count: number; bytes: number; retryAfterSeconds: number }> {
  const row = await db
    .selectFrom('images')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.sum<number>('upload_bytes').as('bytes'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('uploaded_by', '=', userId)
    .where('created_at', '>', now - DAY_MS)
    .executeTakeFirst();
  // When the oldest of them leaves the 24 hours, and with it some of the allowance comes back.
  const oldest = row?.oldest == null ? now : Number(row.oldest);
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + DAY_MS - now) / 1000));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0), retryAfterSeconds };
}

export const getImage = (db: Kysely<Database>, id: string) =>
  db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();

/** One stored variant by its address, with every upload that has these bytes (the same file twice). */
export async function findVariant(
  db: Kysely<Database>,
  hash: string,
  width: number,
  format: ImageFormat,
): Promise<{ data: Buffer; images: Pick<ImageRow, 'id' | 'uploaded_by'>[] } | undefined> {
  const rows = await db
    .selectFrom('image_variants as v')
    .innerJoin('images as i', 'i.id', 'v.image_id')
    .select(['v.data', 'i.id', 'i.uploaded_by'])
    .where('i.hash', '=', hash)
    .where('v.width', '=', width)
    .where('v.format', '=', format)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return { data: Buffer.from(first.data), images: rows.map(({ id, uploaded_by }) => ({ id, uploaded_by })) };
}

/** The events that show one of these images: who may see them may see it. */
export const eventsShowing = (db: Kysely<Database>, imageIds: string[]) =>
  db.selectFrom('events').select(['status', 'created_by']).where('image_id', 'in', imageIds).execute();

/** An event's flyer as its row stores it (null without one). */
export function eventImageOf(row: Pick<EventRow, 'image'>): EventImage | null {
  if (!row.image) return null;
  try {
    return JSON.parse(row.image) as EventImage;
  } catch {
    return null;
  }
}

/** The flyer a proposed change names (stored resolved by commands/editEvent.ts), or null. */
export function changeImageOf(payload: string): EventImage | null {
  try {
    const image = (JSON.parse(payload) as { image?: EventImage }).image;
    return image && typeof image.hash === 'string' ? image : null;
  } catch {
    return null;
  }
}

/** The size in bytes of each image's largest JPEG (an RSS enclosure says it), by image id. */
export async function largestJpegSizes(
  db: Kysely<Database>,
  imageIds: string[],
): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (imageIds.length === 0) return sizes;
  const rows = await db
    .selectFrom('image_variants')
    .select(['image_id', 'width', sql<number>`length(data)`.as('bytes')])
    .where('image_id', 'in', imageIds)
    .where('format', '=', 'jpg')
    .orderBy('width')
    .execute();
  // Widest last: it is the one kept.
  for (const row of rows) sizes.set(row.image_id, Number(row.bytes));
  return sizes;
}

/** Mark an image named by an event or a proposed change, so the daily clean-up keeps it. */
export async function markImageUsed(
  trx: Transaction<Database> | Kysely<Database>,
  id: string,
  now = Date.now(),
) {
  await trx
    .updateTable('images')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uploads no event or change ever named, a day on: deleted with their variants (server/maintenance.ts).
 * Someone who chose a file and never sent the form leaves nothing behind.
 */
export async function deleteUnusedImages(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('images')
    .where('used_at', 'is', null)
    .where('created_at', '<', now - DAY_MS)
    .execute();
}
