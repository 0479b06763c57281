// The feed queries live in server/store/feeds.ts. This re-export stays only until server/web/embedPage.ts
// (another engineer's file) imports FeedFilters from there; then this file can go.
export type { FeedFilters } from '../../store/feeds';
