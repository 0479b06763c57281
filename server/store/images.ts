import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { EventImage, ImageFormat } from '../../common/images';
import type { ProcessedImage } from '../images/process';
import { newId } from './ids';
import type { Database, EventRow, ImageRow } from './schema';

const DAY_MS = 24 * 3600 * 1000;

/** What an uploader has used of the day's allowance, and when it grows again. */
export type DailyUploads = { count: number; bytes: number; retryAfterSeconds: number };

/**
 * Store an upload's variants (docs/PRODUCT.md#flyers), in one transaction: all of them or none.
 * `allow` sees the uploader's last 24 hours as they stand inside the transaction, with this upload's
 * own uploads serialised (the uploader's row locked on PostgreSQL; SQLite's transactions take the
 * write lock at once), and throws to refuse: two uploads at the same instant cannot both take the last
 * slot of the day.
 */
export async function insertImage(
  db: Kysely<Database>,
  {
    uploadedBy,
    image,
    uploadBytes,
    allow,
    now = Date.now(),
  }: {
    uploadedBy: string;
    image: ProcessedImage;
    uploadBytes: number;
    allow?: (today: DailyUploads) => void;
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
    if (allow) {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await trx.selectFrom('users').select('id').where('id', '=', uploadedBy).forUpdate().execute();
      }
      allow(await uploadsInLastDay(trx, uploadedBy, now));
    }
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
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  now = Date.now(),
): Promise<DailyUploads> {
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
): Promise<{ data: Buffer; images: Pick<ImageRow, 'id' | 'uploaded_by' | 'width'>[] } | undefined> {
  const rows = await db
    .selectFrom('image_variants as v')
    .innerJoin('images as i', 'i.id', 'v.image_id')
    .select(['v.data', 'i.id', 'i.uploaded_by', 'i.width'])
    .where('i.hash', '=', hash)
    .where('v.width', '=', width)
    .where('v.format', '=', format)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    data: Buffer.from(first.data),
    images: rows.map(({ id, uploaded_by, width }) => ({ id, uploaded_by, width })),
  };
}

/** Every upload with these bytes (the same file twice), with the width of their largest variant. */
export const imagesWithHash = (db: Kysely<Database>, hash: string) =>
  db.selectFrom('images').select(['id', 'uploaded_by', 'width']).where('hash', '=', hash).execute();

/**
 * Store a variant made after the upload (routes/images: a width added to the steps since) for each
 * upload with these bytes. Two requests that made it at once store it once: the same bytes either way.
 */
export async function insertLaterVariant(
  db: Kysely<Database>,
  imageIds: string[],
  width: number,
  format: ImageFormat,
  data: Buffer,
): Promise<void> {
  if (imageIds.length === 0) return;
  await db
    .insertInto('image_variants')
    .values(imageIds.map((image_id) => ({ image_id, width, format, data })))
    .onConflict((oc) => oc.columns(['image_id', 'width', 'format']).doNothing())
    .execute();
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
 * Uploads no event or change ever named, a day on, and flyers that were shown and are no longer: an
 * edit replaced or dropped them, or a proposed change naming them was decided or superseded. Deleted
 * with their variants (server/maintenance.ts, every few minutes): a flyer taken down because it showed
 * too much is not kept. Someone who chose a file and never sent the form leaves nothing behind either.
 */
export async function deleteUnusedImages(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('images')
    .where('used_at', 'is', null)
    .where('created_at', '<', now - DAY_MS)
    .execute();
  const dropped = await db
    .selectFrom('images')
    .select('id')
    .where('used_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('events').select('events.id').whereRef('events.image_id', '=', 'images.id')),
      ),
    )
    .execute();
  await forgetUnusedImages(
    db,
    dropped.map((row) => row.id),
  );
}

/**
 * Of `ids`, delete the images no event shows and no waiting proposed change names (a change may name
 * an upload no event shows yet). Called where an edit or a decision lets a flyer go, in its transaction,
 * and by the clean-up for the rest.
 */
export async function forgetUnusedImages(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly (string | null | undefined)[],
): Promise<void> {
  const candidates = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (candidates.length === 0) return;
  const shown = await db
    .selectFrom('events')
    .select('image_id')
    .where('image_id', 'in', candidates)
    .execute();
  // Waiting changes are few; their payload is JSON naming the image's id (ids never contain a quote).
  const named = await db
    .selectFrom('event_changes')
    .select('payload')
    .where('status', '=', 'pending')
    .where((eb) => eb.or(candidates.map((id) => eb('payload', 'like', `%"${id}"%`))))
    .execute();
  const kept = new Set(shown.map((row) => row.image_id));
  for (const { payload } of named) {
    const image = changeImageOf(payload);
    if (image) kept.add(image.id);
  }
  const unused = candidates.filter((id) => !kept.has(id));
  if (unused.length > 0) await db.deleteFrom('images').where('id', 'in', unused).execute();
}
