import { useQuery } from '@tanstack/react-query';
import type { ModerationCounts } from '../../../../common/schemas/moderation';
import { api, retryUnlessAccessLost, useApiCache } from '../../../lib/api';
import { moderationKeys } from './keys';

/** The three tab counts. */
export function useModerationCounts() {
  const { accessChecked } = useApiCache();
  return useQuery({
    queryKey: moderationKeys.counts,
    queryFn: ({ signal }) => accessChecked(api<ModerationCounts>('/api/moderation/counts', { signal })),
    staleTime: 0,
    retry: retryUnlessAccessLost,
  });
}
