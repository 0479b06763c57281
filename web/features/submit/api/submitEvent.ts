import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto, ValidEventInput } from '../../../../common/schemas/events';
import { api } from '../../../lib/api';

/** POST /api/events: the server validates again, stores the event as pending and answers with it. */
export function useSubmitEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ValidEventInput) => api<EventDto>('/api/events', { method: 'POST', body: input }),
    // A new pending event changes moderation lists and counts this tab may have cached.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' }),
  });
}
