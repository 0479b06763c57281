import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Accepted, ForgotPasswordInput, ResetPasswordInput } from '../../../../common/schemas/account';
import type { AuthSuccess } from '../../../../common/schemas/auth';
import { api, useApiCache } from '../../../lib/api';
import { rememberSignedIn } from '../../../lib/session';

/** "Forgot password?": the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api<Accepted>('/api/auth/forgot-password', { method: 'POST', body: input }),
  });
}

/** Set a new password with the emailed link; the server signs this browser in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api<AuthSuccess>('/api/auth/reset-password', { method: 'POST', body: input }),
    onSuccess: (data) => rememberSignedIn(queryClient, data),
  });
}

/** Confirm the address with the emailed link; whoever is signed in here is asked about again. */
export function useVerifyEmail() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (token: string) =>
      api<Accepted>('/api/auth/verify-email', { method: 'POST', body: { token } }),
    onSettled: () => cache.refreshSession(),
  });
}

/** The token of an emailed link: after `#token=`, where no server log or Referer ever sees it. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
