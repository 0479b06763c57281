import { useMutation } from '@tanstack/react-query';
import type { EventDto, ValidEventInput } from '../../../../common/schemas/events';
import { api, useApiCache } from '../../../lib/api';

/** POST /api/events: the server validates again, stores the event as pending and answers with it. */
export function useSubmitEvent() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: ValidEventInput) => api<EventDto>('/api/events', { method: 'POST', body: input }),
    // A new pending event changes moderation lists and counts this tab may have cached.
    onSuccess: () => cache.refreshData(),
  });
}
