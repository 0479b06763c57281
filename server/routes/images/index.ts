import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage } from '../../../common/i18n/languages';
import { msg } from '../../../common/i18n/messages';
import { IMAGE_FILE_PATTERN, IMAGE_LIMITS, type ImageFormat, imageWidths } from '../../../common/images';
import { IMAGE_TOO_LARGE, type ImageUpload } from '../../../common/schemas/images';
import { Semaphore } from '../../auth/hashSlots';
import { actorForToken, SESSION_COOKIE } from '../../auth/sessions';
import { type AppContext, siteOf } from '../../context';
import {
  AppError,
  badRequest,
  imageError,
  notFound,
  serverBusy,
  tooManyRequests,
  unauthenticated,
} from '../../errors';
import { ImageRefused, narrowerVariant, processImage, sniffImageType } from '../../images/process';
import { renderShareImage, SHARE_FILE_PATTERN, shareHashOf, shareTextOf } from '../../images/shareImage';
import { assertEmailConfirmed } from '../../policies/email';
import { canViewEvent } from '../../policies/events';
import { canViewImage, isPublicImage } from '../../policies/images';
import { presentUpload } from '../../presenters/image';
import { enforceRateLimit, type RateRule, waitMinutes } from '../../rateLimit';
import { getEventById } from '../../store/events';
import {
  type DailyUploads,
  eventsShowing,
  findVariant,
  imagesWithHash,
  insertImage,
  insertLaterVariant,
  uploadsInLastDay,
} from '../../store/images';
import type { ImageRow } from '../../store/schema';

/**
 * How long a public picture (a published event's flyer, a share preview) may be kept without asking
 * again: a day. Its address never changes meaning, but an event can be removed, and a picture that
 * showed too much must not outlive it for a year in other sites' caches and link previews.
 */
export const PUBLIC_PICTURE_CACHE = 'public, max-age=86400';

const HOUR = 3600 * 1000;
const MB = 1024 * 1024;

export const UPLOAD_SIGN_IN = msg('image.signIn');
const NO_FILE = msg('image.noFile');
const PER_DAY = msg('image.perDay', { limit: IMAGE_LIMITS.perDay });
const BYTES_PER_DAY = msg('image.bytesPerDay', { max: IMAGE_LIMITS.bytesPerDay / MB });

/** Attempts, refused ones too: decoding costs the server, whatever the file turns out to be. */
export const IMAGE_UPLOAD_RATE: RateRule = {
  name: 'image-upload:hour',
  limit: 60,
  windowMs: HOUR,
  message: (wait) => msg('image.perHour', { limit: 60, minutes: waitMinutes(wait) }),
};

/**
 * Decoding and encoding run on libuv's threads, which file reads and password hashing use too: two
 * images at once per app server, a few waiting, and beyond that a 503 with Retry-After at once.
 */
const imageSlots = new Semaphore(2, 4, () => serverBusy(msg('image.busy'), 2));

/** What the first bytes say, refused with its own message unless it is an image we decode. */
function refuseUnlessImage(bytes: Buffer): void {
  switch (sniffImageType(bytes)) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'avif':
      return;
    case 'heic':
      throw imageError.refused('heic_unsupported', msg('image.heic'));
    case 'svg':
      throw imageError.refused('svg_refused', msg('image.svg'));
    default:
      throw imageError.refused('not_an_image', msg('image.notImage'));
  }
}

const isTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The one file of a multipart upload, whole; a 413 beyond the size limit, a 400 for anything malformed. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  try {
    const file = await request.file();
    if (!file) throw badRequest(NO_FILE);
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw badRequest(NO_FILE);
    return bytes;
  } catch (error) {
    if (isTooLarge(error)) throw imageError.tooLarge(IMAGE_TOO_LARGE);
    if (error instanceof AppError) throw error;
    throw badRequest(NO_FILE);
  }
}

/**
 * Flyers (docs/PRODUCT.md#flyers). `POST /api/images` takes one file, decodes it and stores it
 * re-encoded (images/process.ts), and answers its id and addresses; a submission or an edit then names
 * it with its alt text. `GET /images/<hash>-<width>.<webp|jpg>` serves a variant from the database.
 */
export function registerImageRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const db = store.db;
  void app.register(async (scope) => {
    // Only this route reads multipart bodies; one file, nothing else of any size.
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    scope.post('/api/images', async (request, reply): Promise<ImageUpload> => {
      const actor = request.actor;
      if (!actor) throw unauthenticated(UPLOAD_SIGN_IN);
      assertEmailConfirmed(actor, env);
      await enforceRateLimit(db, IMAGE_UPLOAD_RATE, actor.id);
      // Checked before the work of decoding, and again as the upload is stored (insertImage).
      const withinAllowance = (today: DailyUploads, size: number) => {
        if (today.count >= IMAGE_LIMITS.perDay) throw tooManyRequests(PER_DAY, today.retryAfterSeconds);
        if (today.bytes + size > IMAGE_LIMITS.bytesPerDay) {
          throw tooManyRequests(BYTES_PER_DAY, today.retryAfterSeconds);
        }
      };
      withinAllowance(await uploadsInLastDay(db, actor.id), 0);
      const bytes = await uploadedFile(request);
      withinAllowance(await uploadsInLastDay(db, actor.id), bytes.length);
      refuseUnlessImage(bytes);
      const processed = await imageSlots.run(async () => {
        try {
          return await processImage(bytes);
        } catch (error) {
          if (!(error instanceof ImageRefused)) throw error;
          throw error.reason === 'too_many_pixels'
            ? imageError.refused(
                'too_many_pixels',
                msg('image.tooManyPixels', { max: IMAGE_LIMITS.maxPixels / 1_000_000 }),
              )
            : imageError.refused('undecodable', msg('image.undecodable'));
        }
      });
      const row = await insertImage(db, {
        uploadedBy: actor.id,
        image: processed,
        uploadBytes: bytes.length,
        allow: (today) => withinAllowance(today, bytes.length),
      });
      reply.code(201);
      return presentUpload(row);
    });
  });

  /**
   * A variant of an image stored before its width was a step (IMAGE_WIDTH_STEPS): made from its largest
   * variant, for someone who may see it, and stored for the next request.
   */
  async function laterVariant(
    hash: string,
    width: number,
    format: ImageFormat,
    uploads: Pick<ImageRow, 'id' | 'width'>[],
    log: FastifyBaseLogger,
  ): Promise<Buffer> {
    const largest = await findVariant(db, hash, uploads[0]?.width ?? 0, format);
    if (!largest) throw notFound();
    const made = await imageSlots.run(() => narrowerVariant(largest.data, width, format));
    try {
      await insertLaterVariant(
        db,
        uploads.map((upload) => upload.id),
        width,
        format,
        made,
      );
    } catch (error) {
      // The image deleted meanwhile: the bytes were someone's to see a moment ago; not kept.
      log.warn({ err: error, hash, width, format }, 'a later variant was not stored');
    }
    return made;
  }

  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const match = IMAGE_FILE_PATTERN.exec(request.params.file);
    if (!match) throw notFound();
    const [, hash = '', widthText = '', formatText = ''] = match;
    const width = Number(widthText);
    const format = formatText as ImageFormat;
    const variant = await findVariant(db, hash, width, format);
    let uploads: Pick<ImageRow, 'id' | 'uploaded_by' | 'width'>[];
    if (variant) {
      uploads = variant.images;
    } else {
      uploads = await imagesWithHash(db, hash);
      const largest = uploads[0]?.width;
      // Only a step narrower than the image (the largest is always stored).
      if (largest === undefined || width >= largest || !imageWidths(largest).includes(width)) {
        throw notFound();
      }
    }
    const events = await eventsShowing(
      db,
      uploads.map((image) => image.id),
    );
    const open = isPublicImage(events);
    if (!open) {
      // Not an /api route, so the session is read here, and only for an image not yet public.
      const token = request.cookies[SESSION_COOKIE];
      const actor = token === undefined ? null : await actorForToken(db, token);
      if (!canViewImage(actor, uploads, events)) throw notFound();
      reply.header('Vary', 'Cookie');
    }
    // The address changes whenever the bytes do. A public one is kept a day, then asked again (a 304
    // while it still shows): a flyer taken down with its event leaves shared caches within a day. One
    // not yet public stays in its viewer's own cache only.
    reply.header('Cache-Control', open ? PUBLIC_PICTURE_CACHE : 'private, max-age=31536000, immutable');
    const etag = `"${hash}-${width}-${format}"`;
    reply.header('ETag', etag);
    const asked = request.headers['if-none-match'];
    if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    const data = variant?.data ?? (await laterVariant(hash, width, format, uploads, request.log));
    return reply.type(format === 'webp' ? 'image/webp' : 'image/jpeg').send(data);
  });

  // The share preview of a published event without a flyer (docs/PRODUCT.md#flyers), drawn on request.
  app.get<{ Params: { file: string } }>('/share/:file', async (request, reply) => {
    const match = SHARE_FILE_PATTERN.exec(request.params.file);
    const [, id = '', language = '', hash = ''] = match ?? [];
    if (!match || !isLanguage(language)) throw notFound();
    const row = await getEventById(db, id);
    if (!row || !canViewEvent(null, row)) throw notFound();
    const text = shareTextOf(row, siteOf(env), language);
    // An address of what the event said before: its page now names another.
    if (shareHashOf(text) !== hash) throw notFound();
    reply.header('Cache-Control', PUBLIC_PICTURE_CACHE);
    const etag = `"${hash}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').send(await renderShareImage(text));
  });
}
