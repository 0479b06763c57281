import { z } from 'zod';

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
