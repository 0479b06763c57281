import { lazy, Suspense } from 'react';
import { useLocation } from '../lib/router';
import { useSession } from '../lib/session';

// Only people who must still confirm their address see it: its code (and the words of its errors) is
// fetched for them, and never weighs on anyone else's first load.
const ConfirmEmailNotice = lazy(() =>
  import('../components/ConfirmEmailNotice').then((module) => ({ default: module.ConfirmEmailNotice })),
);

/** Pages that say it themselves, where they would otherwise show a form. */
const PAGES_WITH_THEIR_OWN_NOTICE = new Set(['/submit', '/account', '/verify-email', '/reset-password']);

/**
 * Above every page while the signed-in person must still confirm their address (docs/EMAIL.md): right
 * after a password sign-up, it says why Submit and Report wait, and sends the link again.
 */
export function ConfirmEmailBanner() {
  const session = useSession();
  const { pathname } = useLocation();
  const user = session.data?.user;
  if (!user?.mustConfirmEmail || PAGES_WITH_THEIR_OWN_NOTICE.has(pathname)) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <Suspense fallback={null}>
        <ConfirmEmailNotice email={user.email} />
      </Suspense>
    </div>
  );
}
