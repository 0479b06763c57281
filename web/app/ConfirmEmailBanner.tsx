import { useLocation } from 'react-router';
import { ConfirmEmailNotice } from '../components/ConfirmEmailNotice';
import { useSession } from '../lib/session';

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
      <ConfirmEmailNotice email={user.email} />
    </div>
  );
}
