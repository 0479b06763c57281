import { useQuery } from '@tanstack/react-query';
import type { ModerationCounts } from '../../../../common/schemas/moderation';
import { api, retryUnlessAccessLost, useApiCache } from '../../../lib/api';
import { MODERATION_REFRESH_MS } from './events';
import { moderationKeys } from './keys';

/** The three tab counts. */
export function useModerationCounts() {
  const { accessChecked } = useApiCache();
  return useQuery({
    queryKey: moderationKeys.counts,
    queryFn: ({ signal }) => accessChecked(api<ModerationCounts>('/api/moderation/counts', { signal })),
    staleTime: 0,
    // With the open list's refresh: the tabs' counts and the queue's figures stay true to it.
    refetchInterval: MODERATION_REFRESH_MS,
    retry: retryUnlessAccessLost,
  });
}
