import { type EventImage, imagePath, imageSrcSet, imageWidths } from '../../common/images';

/**
 * An event's flyer (docs/PRODUCT.md#flyers): WebP for browsers that take it, JPEG for the rest, each
 * at the widths stored, so the browser fetches the smallest that fills `sizes`. Width and height are
 * given, so its box is laid out before it arrives (no shift); lazy unless it is the page's main image.
 */
export function EventFlyer({
  image,
  sizes,
  className = '',
  eager = false,
}: {
  image: EventImage;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const smallest = imageWidths(image.width)[0] ?? image.width;
  return (
    <picture>
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imagePath(image.hash, smallest, 'jpg')}
        srcSet={imageSrcSet(image, 'jpg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
