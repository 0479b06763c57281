import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ModerationList, ModerationTab } from '../../../../common/schemas/moderation';
import { api, queryString } from '../../../lib/api';
import { retryUnlessAccessLost, useAccessCheckedRequest } from './access';
import { moderationKeys } from './keys';

/** One tab's list: pending, reported (with open reports) or all approved events. */
export function useModerationEvents(tab: ModerationTab, page: number) {
  const checked = useAccessCheckedRequest();
  return useQuery({
    queryKey: moderationKeys.list(tab, page),
    queryFn: ({ signal }) =>
      checked(api<ModerationList>(`/api/moderation/events${queryString({ tab, page })}`, { signal })),
    staleTime: 0,
    retry: retryUnlessAccessLost,
    placeholderData: keepPreviousData,
  });
}
