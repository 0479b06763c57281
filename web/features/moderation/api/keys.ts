import type { ModerationTab, PendingSort } from '../../../../common/schemas/moderation';

/** Every moderation query starts with 'moderation', so one invalidation refreshes lists and counts. */
export const moderationKeys = {
  all: ['moderation'] as const,
  counts: ['moderation', 'counts'] as const,
  list: (tab: ModerationTab, page: number, search = '', sort: PendingSort = 'soonest', show = 'all') =>
    ['moderation', 'list', tab, page, search, sort, show] as const,
  audit: (eventId: string) => ['moderation', 'audit', eventId] as const,
  action: ['moderation', 'action'] as const,
  presets: ['moderation', 'presets'] as const,
};
