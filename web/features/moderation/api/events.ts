import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ModerationList, ModerationTab } from '../../../../common/schemas/moderation';
import { api, queryString, retryUnlessAccessLost, useApiCache } from '../../../lib/api';
import { moderationKeys } from './keys';

/** One tab's list: pending, reported (with open reports) or all approved events. */
export function useModerationEvents(tab: ModerationTab, page: number) {
  const { accessChecked } = useApiCache();
  return useQuery({
    queryKey: moderationKeys.list(tab, page),
    queryFn: ({ signal }) =>
      accessChecked(api<ModerationList>(`/api/moderation/events${queryString({ tab, page })}`, { signal })),
    staleTime: 0,
    retry: retryUnlessAccessLost,
    placeholderData: keepPreviousData,
  });
}
