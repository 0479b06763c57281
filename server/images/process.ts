import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { IMAGE_LIMITS, IMAGE_WIDTH_STEPS, type ImageFormat, imageWidths } from '../../common/images';
import { loadSharp } from './sharp';

/** What a file's first bytes say it is; only these are decoded (docs/PRODUCT.md#flyers). */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic' | 'svg' | 'unknown';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The file's type by its magic numbers, whatever its name or declared type says: an HTML or SVG page
 * renamed `.jpg` is not a JPEG. HEIC is named so it can be refused with its own message (this build's
 * decoder reads AVIF only); SVG is never accepted.
 */
export function sniffImageType(bytes: Buffer): SniffedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The ISO base media "ftyp" box: its major brand, then compatible brands, four letters each.
    const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(b)))
      return 'heic';
    return 'unknown';
  }
  const head = ascii(bytes, 0, 512)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return 'unknown';
}

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageFormat;
  data: Buffer;
}

export interface ProcessedImage {
  /** Of the stored variants' bytes: the address part that changes whenever they do. */
  hash: string;
  /** Of the largest variant. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** Why a file that looked like an image could not be made into one. */
export type ImageFailure = 'too_many_pixels' | 'undecodable';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageFailure) {
    super(reason);
  }
}

/** libvips refuses a header that declares more than `limitInputPixels` before decoding anything. */
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

const WEBP = { quality: 80, effort: 4 } as const;
const JPEG = { quality: 82, mozjpeg: true } as const;

/**
 * Decode `input` and write it again as WebP and JPEG at each width (docs/PRODUCT.md#flyers): turned
 * upright by its orientation tag first, converted to sRGB, and written with no metadata at all (sharp
 * keeps none unless asked: no EXIF, GPS, XMP, IPTC or ICC profile). The original bytes are dropped.
 * `limitInputPixels` refuses a bomb from its header, before decoding; `failOn: 'error'` makes a truncated
 * or corrupt file fail instead of being padded out.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const options = {
    limitInputPixels: IMAGE_LIMITS.maxPixels,
    failOn: 'error',
    sequentialRead: true,
  } as const;
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    throw new ImageRefused(isPixelLimit(error) ? 'too_many_pixels' : 'undecodable');
  }
  if (!meta.width || !meta.height) throw new ImageRefused('undecodable');
  if (meta.width * meta.height > IMAGE_LIMITS.maxPixels) throw new ImageRefused('too_many_pixels');
  const largest = Math.max(...IMAGE_WIDTH_STEPS);
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, at the largest width, into raw sRGB pixels: the smaller variants come from it.
    base = await sharp(input, options)
      .autoOrient()
      .resize({
        width: largest,
        height: largest * IMAGE_LIMITS.maxTallness,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRefused(isPixelLimit(error) ? 'too_many_pixels' : 'undecodable');
  }
  const { width, height, channels } = base.info;
  const raw = { raw: { width, height, channels } } as const;
  const variants: ImageVariant[] = [];
  for (const w of imageWidths(width)) {
    const h = Math.max(1, Math.round((height * w) / width));
    const resized = () => sharp(base.data, raw).resize({ width: w, height: h, fit: 'fill' });
    variants.push({ width: w, height: h, format: 'webp', data: await resized().webp(WEBP).toBuffer() });
    // JPEG has no transparency: what was transparent becomes white.
    const jpeg = await resized().flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
    variants.push({ width: w, height: h, format: 'jpg', data: jpeg });
  }
  const digest = createHash('sha256');
  for (const v of variants) digest.update(v.data);
  return { hash: digest.digest('hex').slice(0, 32), width, height, variants };
}

/**
 * A narrower variant of a stored image, made from its largest variant of the same format (already
 * upright, sRGB, without metadata and, as JPEG, flattened): for an image stored before its width was a
 * step (IMAGE_WIDTH_STEPS), made when first asked for. Encoded as processImage encodes.
 */
export async function narrowerVariant(largest: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const resized = sharp(largest, { failOn: 'error' }).resize({ width });
  return format === 'webp' ? resized.webp(WEBP).toBuffer() : resized.jpeg(JPEG).toBuffer();
}
