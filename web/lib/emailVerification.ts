import { useMutation } from '@tanstack/react-query';
import type { Accepted } from '../../common/schemas/account';
import { api } from './api';

/** "Send the link again": a new link to confirm the signed-in person's address (docs/EMAIL.md). */
export function useSendVerificationLink() {
  return useMutation({
    mutationFn: () => api<Accepted>('/api/account/email/verification', { method: 'POST', body: {} }),
  });
}
