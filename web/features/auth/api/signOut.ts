import { useMutation } from '@tanstack/react-query';
import { api, useApiCache } from '../../../lib/api';

/** Sign out on the server (the session ends there), then forget everything cached for this user. */
export function useSignOut() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => cache.signedOut(),
  });
}
