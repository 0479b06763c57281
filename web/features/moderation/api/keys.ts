import type { ModerationTab } from '../../../../common/schemas/moderation';

/** Every moderation query starts with 'moderation', so one invalidation refreshes lists and counts. */
export const moderationKeys = {
  all: ['moderation'] as const,
  counts: ['moderation', 'counts'] as const,
  list: (tab: ModerationTab, page: number) => ['moderation', 'list', tab, page] as const,
  action: ['moderation', 'action'] as const,
};
