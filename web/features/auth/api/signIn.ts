import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthSuccess, SignInInput } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api';
import { rememberSignedIn } from '../../../lib/session';

/** POST /api/auth/sign-in. On success the server has set the session cookie; the cache follows. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) =>
      api<AuthSuccess>('/api/auth/sign-in', { method: 'POST', body: input }),
    onSuccess: (data) => rememberSignedIn(queryClient, data),
  });
}
