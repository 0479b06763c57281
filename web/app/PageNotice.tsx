import { lazy, Suspense } from 'react';
import { pageNoticeOf } from '../lib/pageNotice';
import { useLocation } from '../lib/router';

// Seen right after leaving the account page, by few: its code and words are fetched then, and never
// weigh on the first load.
const PageNoticeMessage = lazy(() => import('./PageNoticeMessage'));

/** The message a page was sent with (web/lib/pageNotice.ts), above it; nothing when there is none. */
export function PageNotice() {
  const kind = pageNoticeOf(useLocation().state);
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed: a second notice in a row is a new message, focused again. */}
      <PageNoticeMessage key={kind} kind={kind} />
    </Suspense>
  );
}
