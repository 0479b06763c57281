import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInput, ReportReceipt } from '../../../../common/schemas/reports';
import { api } from '../../../lib/api';

/** POST /api/events/:id/reports. A repeat report is a success too: the server keeps one per person. */
export function useReportEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) =>
      api<ReportReceipt>(`/api/events/${encodeURIComponent(eventId)}/reports`, {
        method: 'POST',
        body: input,
      }),
    // Moderators' reported list and counts may be cached in this tab; only what is not visible refetches later.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'session',
        refetchType: 'inactive',
      }),
  });
}
