import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

/** Sign out on the server (the session ends there), then forget everything cached for this user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
