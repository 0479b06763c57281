import { useMutation } from '@tanstack/react-query';
import type { ImageUpload } from '../../../../common/schemas/images';
import { api } from '../../../lib/api';

/**
 * POST /api/images: the chosen file, checked and re-encoded by the server before the form is sent
 * (docs/PRODUCT.md#flyers); the answer is what the preview shows and the submission names.
 */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<ImageUpload>('/api/images', { method: 'POST', body });
    },
  });
}
