/**
 * Flyers (docs/PRODUCT.md#flyers): what the form, the server and every output agree on about an event's
 * image. Zod-free, so cards can build their `srcset` without the schemas.
 */

/**
 * The widths a flyer is stored at (never wider than it came): `srcset` offers each. 640 is a phone's
 * card at 1.5–2 device pixels a CSS pixel (~350 CSS px); without it those phones fetch the 800 variant.
 * An image stored before a step was added gets that variant made when first asked (routes/images).
 */
export const IMAGE_WIDTH_STEPS = [400, 640, 800, 1200] as const;
export const IMAGE_FORMATS = ['webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_LIMITS = {
  /** The most an upload may weigh. */
  maxBytes: 10 * 1024 * 1024,
  /** Decoded size beyond which a file is refused unread (a decompression bomb): 8000 × 8000. */
  maxPixels: 64_000_000,
  /** A stored variant is at most this many times taller than wide (a long scroll is cut to fit). */
  maxTallness: 3,
  perDay: 20,
  bytesPerDay: 60 * 1024 * 1024,
  altMax: 300,
} as const;

/** A flyer as an event carries it: its id, content hash, the size of its largest variant, and its alt text. */
export interface EventImage {
  id: string;
  hash: string;
  width: number;
  height: number;
  alt: string;
}

/** The widths stored for an image whose largest variant is `width` wide: each step below it, and itself. */
export function imageWidths(width: number): number[] {
  return [...IMAGE_WIDTH_STEPS.filter((step) => step < width), width];
}

/** The address of one variant: content-hashed, so it never changes and is cached for ever. */
export const imagePath = (hash: string, width: number, format: ImageFormat) =>
  `/images/${hash}-${width}.${format}`;

/** `srcset` of an image in one format. */
export function imageSrcSet(
  image: Pick<EventImage, 'hash' | 'width'>,
  format: ImageFormat,
  origin = '',
): string {
  return imageWidths(image.width)
    .map((w) => `${origin}${imagePath(image.hash, w, format)} ${w}w`)
    .join(', ');
}

/** The variant a share preview or a feed names: the largest, as JPEG (every reader takes it). */
export const largestJpeg = (image: Pick<EventImage, 'hash' | 'width'>, origin = '') =>
  `${origin}${imagePath(image.hash, image.width, 'jpg')}`;

/** A variant's file name: `<hash>-<width>.<webp|jpg>` (the hash is 32 hexadecimal digits). */
export const IMAGE_FILE_PATTERN = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(webp|jpg)$/;
