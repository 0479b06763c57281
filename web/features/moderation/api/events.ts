import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuditTrail,
  ModerationList,
  ModerationTab,
  PendingSort,
} from '../../../../common/schemas/moderation';
import { api, queryString, retryUnlessAccessLost, useApiCache } from '../../../lib/api';
import { moderationKeys } from './keys';

/** How often an open dashboard reads its list again (docs/PRODUCT.md#moderation, "Claims"). */
export const MODERATION_REFRESH_MS = 20_000;

/**
 * One tab's list: pending (by `sort`), reported (with open reports) or all approved events (`search`:
 * All Events).
 */
export function useModerationEvents(
  tab: ModerationTab,
  page: number,
  search = '',
  sort: PendingSort = 'soonest',
  /** All Events: every published event, or only those published without review (`unreviewed`). */
  show: 'all' | 'unreviewed' = 'all',
) {
  const { accessChecked } = useApiCache();
  return useQuery({
    queryKey: moderationKeys.list(tab, page, search, sort, show),
    queryFn: ({ signal }) =>
      accessChecked(
        api<ModerationList>(
          `/api/moderation/events${queryString({
            tab,
            page,
            search,
            sort: sort === 'soonest' ? undefined : sort,
            show: show === 'all' ? undefined : show,
          })}`,
          { signal },
        ),
      ),
    staleTime: 0,
    // While the dashboard is open and shown: another moderator's claim ("… is looking at this"), a
    // decision taken elsewhere, a new submission appear without a reload. Not while the tab is hidden.
    refetchInterval: MODERATION_REFRESH_MS,
    retry: retryUnlessAccessLost,
    placeholderData: keepPreviousData,
  });
}

/**
 * The moderators' audit trail of one event: every action, who and when. A refusal only says the
 * history could not be loaded: the dashboard's own lists and actions find out about a lost session
 * and say so where the moderator acts.
 */
export function useAuditTrail(eventId: string) {
  return useQuery({
    queryKey: moderationKeys.audit(eventId),
    queryFn: ({ signal }) =>
      api<AuditTrail>(`/api/moderation/events/${encodeURIComponent(eventId)}/audit`, { signal }),
    staleTime: 0,
    retry: retryUnlessAccessLost,
  });
}
