import { type EventImage, imagePath, imageSrcSet, imageWidths } from '../../common/images';

/**
 * An event's flyer (docs/PRODUCT.md#flyers): WebP for browsers that take it, JPEG for the rest, each
 * at the widths stored, so the browser fetches the smallest that fills `sizes`. Width and height are
 * given, so its box is laid out before it arrives (no shift). Lazy unless `eager`: the page's main image
 * (an event page's flyer, the home list's first), fetched at once and before the page's other images, since
 * it is what the first screen shows largest (a lazy one waits for layout: a later Largest Contentful Paint).
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
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
