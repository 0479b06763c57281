import { useQuery } from '@tanstack/react-query';
import type { ModerationCounts } from '../../../../common/schemas/moderation';
import { api } from '../../../lib/api';
import { moderationKeys } from './keys';

/** The three tab counts. */
export function useModerationCounts() {
  return useQuery({
    queryKey: moderationKeys.counts,
    queryFn: ({ signal }) => api<ModerationCounts>('/api/moderation/counts', { signal }),
    staleTime: 0,
  });
}
