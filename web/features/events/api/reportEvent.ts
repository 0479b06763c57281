import { useMutation } from '@tanstack/react-query';
import type { ReportInput, ReportReceipt } from '../../../../common/schemas/reports';
import { ApiRequestError, api, isSessionEnded, useApiCache } from '../../../lib/api';

export interface ReportEventOptions {
  /** Called when the server says the session has ended, before the session is asked again. */
  onSessionEnded?: () => void;
}

/**
 * POST /api/events/:id/reports. A repeat report is a success too: the server keeps one per person.
 * A 401 is not a failure to retry: the session is asked again (the report stays pending until that
 * answer is in), so the page shows what a signed-out visitor sees.
 */
export function useReportEvent(eventId: string, { onSessionEnded }: ReportEventOptions = {}) {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: ReportInput) =>
      api<ReportReceipt>(`/api/events/${encodeURIComponent(eventId)}/reports`, {
        method: 'POST',
        body: input,
      }),
    // Moderators' reported list and counts may be cached in this tab; only what is not visible refetches now.
    onSuccess: () => cache.refreshData({ later: true }),
    onError: (error) => {
      // The address is not confirmed (an older session answer said it was): asking again shows why.
      if (error instanceof ApiRequestError && error.code === 'email_unverified')
        return cache.refreshSession();
      if (!isSessionEnded(error)) return;
      onSessionEnded?.();
      return cache.refreshSession();
    },
  });
}
