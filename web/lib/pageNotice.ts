/**
 * A one-time message for the page a person is sent to after leaving another (their account deleted, or
 * signed out everywhere): carried in the router's location state, so a reload or a shared link never
 * shows it again. web/app/PageNotice.tsx shows it; its words are in account.json `pageNotices`.
 */
export const PAGE_NOTICES = ['accountDeleted', 'signedOutEverywhere'] as const;
export type PageNoticeKind = (typeof PAGE_NOTICES)[number];

export interface PageNoticeState {
  pageNotice: PageNoticeKind;
}

export const pageNoticeState = (pageNotice: PageNoticeKind): PageNoticeState => ({ pageNotice });

export function pageNoticeOf(state: unknown): PageNoticeKind | null {
  const value = (state as Partial<PageNoticeState> | null)?.pageNotice;
  return typeof value === 'string' && (PAGE_NOTICES as readonly string[]).includes(value)
    ? (value as PageNoticeKind)
    : null;
}
