import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, forgetViewerData, useApiCache } from '../../../lib/api';

/** Sign out on the server (the session ends there), then forget everything cached for this user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const cache = useApiCache();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: async () => {
      forgetViewerData(queryClient);
      await cache.refreshSession();
    },
  });
}
