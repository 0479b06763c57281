import { z } from 'zod';
import { msg } from '../i18n/messages';
import { IMAGE_LIMITS } from '../images';

/** A file over the size limit: the form says it before sending, the server when it is sent anyway. */
export const IMAGE_TOO_LARGE = msg('image.tooLarge', { max: IMAGE_LIMITS.maxBytes / 1024 / 1024 });

/**
 * The answer to an upload (POST /api/images, docs/PRODUCT.md#flyers): the id a submission names with
 * its alt text, the size of the largest variant, and each variant's address (site-relative).
 */
export const imageUploadSchema = z.object({
  id: z.string(),
  hash: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  urls: z.array(z.object({ width: z.number().int(), webp: z.string(), jpg: z.string() })),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;
