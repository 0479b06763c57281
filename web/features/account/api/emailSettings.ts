import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferencesInput, EmailSettings } from '../../../../common/schemas/account';
import { api } from '../../../lib/api';

export const emailSettingsKey = ['account', 'email'] as const;

/** GET /api/account/email: the address, whether it is confirmed, and each kind of email on or off. */
export function useEmailSettings() {
  return useQuery({
    queryKey: emailSettingsKey,
    queryFn: ({ signal }) => api<EmailSettings>('/api/account/email', { signal }),
    staleTime: 0,
  });
}

/** POST /api/account/email/preferences; the answer is the settings as now stored. */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notifications: EmailPreferencesInput['notifications']) =>
      api<EmailSettings>('/api/account/email/preferences', { method: 'POST', body: { notifications } }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey, settings),
  });
}
