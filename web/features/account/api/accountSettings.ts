import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Accepted } from '../../../../common/schemas/account';
import {
  type AccountExport,
  accountExportFileName,
  type ChangeNameInput,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type Profile,
  type SessionsEnded,
} from '../../../../common/schemas/accountSettings';
import type { SessionResponse } from '../../../../common/schemas/auth';
import { api, sessionQueryKey, useApiCache } from '../../../lib/api';

/** POST /api/account/name: the header and every page read the new name from the session at once. */
export function useChangeName() {
  const queryClient = useQueryClient();
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: ChangeNameInput) =>
      cache.accessChecked(api<Profile>('/api/account/name', { method: 'POST', body: input })),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) =>
        session ? { ...session, user } : session,
      );
      // Pages that show the name (moderation, the log) ask again when next shown.
      void cache.refreshData({ later: true });
    },
  });
}

/** POST /api/account/password: this browser stays signed in; every other session ends. */
export function useChangePassword() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      cache.accessChecked(api<SessionsEnded>('/api/account/password', { method: 'POST', body: input })),
  });
}

/**
 * `leave` runs first, here rather than in a `mutate` callback: once the session says signed out, the
 * account page no longer shows the section that asked, and an unmounted caller's callbacks never run.
 */
interface Leaving {
  leave: () => void;
}

/** POST /api/account/sign-out-everywhere: this browser is signed out too. */
export function useSignOutEverywhere({ leave }: Leaving) {
  const cache = useApiCache();
  return useMutation({
    mutationFn: () => api<SessionsEnded>('/api/account/sign-out-everywhere', { method: 'POST', body: {} }),
    onSuccess: () => {
      leave();
      return cache.signedOut();
    },
  });
}

/** POST /api/account/delete, confirmed with the password or (Google-only accounts) the address. */
export function useDeleteAccount({ leave }: Leaving) {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      cache.accessChecked(api<Accepted>('/api/account/delete', { method: 'POST', body: input })),
    onSuccess: () => {
      leave();
      return cache.signedOut();
    },
  });
}

/**
 * "Download my data": fetched like any API answer (so a refusal is shown on the page rather than saved
 * as the file), then saved under the name the server gives it too.
 */
export function useDownloadData() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: async () => {
      const data = await cache.accessChecked(api<AccountExport>('/api/account/export'));
      const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = accountExportFileName(new Date());
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser time to start the download before the address goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
