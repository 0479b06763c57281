import { useMutation } from '@tanstack/react-query';
import type { ReportInput, ReportReceipt } from '../../../../common/schemas/reports';
import { api } from '../../../lib/api';

/** POST /api/events/:id/reports. A repeat report is a success too: the server keeps one per person. */
export function useReportEvent(eventId: string) {
  return useMutation({
    mutationFn: (input: ReportInput) =>
      api<ReportReceipt>(`/api/events/${encodeURIComponent(eventId)}/reports`, {
        method: 'POST',
        body: input,
      }),
  });
}
