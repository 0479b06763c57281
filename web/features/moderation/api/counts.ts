import { useQuery } from '@tanstack/react-query';
import type { ModerationCounts } from '../../../../common/schemas/moderation';
import { api } from '../../../lib/api';
import { retryUnlessAccessLost, useAccessCheckedRequest } from './access';
import { moderationKeys } from './keys';

/** The three tab counts. */
export function useModerationCounts() {
  const checked = useAccessCheckedRequest();
  return useQuery({
    queryKey: moderationKeys.counts,
    queryFn: ({ signal }) => checked(api<ModerationCounts>('/api/moderation/counts', { signal })),
    staleTime: 0,
    retry: retryUnlessAccessLost,
  });
}
