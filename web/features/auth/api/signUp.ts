import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthSuccess, SignUpInput } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api';
import { rememberSignedIn } from '../../../lib/session';

/** POST /api/auth/sign-up: creates the account and signs it in. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      api<AuthSuccess>('/api/auth/sign-up', { method: 'POST', body: input }),
    onSuccess: (data) => rememberSignedIn(queryClient, data),
  });
}
