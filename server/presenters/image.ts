import { imagePath, imageWidths } from '../../common/images';
import type { ImageUpload } from '../../common/schemas/images';
import type { ImageRow } from '../store/schema';

/** An upload as its uploader gets it back: what the form shows as a preview and sends with the event. */
export function presentUpload(row: ImageRow): ImageUpload {
  return {
    id: row.id,
    hash: row.hash,
    width: row.width,
    height: row.height,
    urls: imageWidths(row.width).map((width) => ({
      width,
      webp: imagePath(row.hash, width, 'webp'),
      jpg: imagePath(row.hash, width, 'jpg'),
    })),
  };
}
