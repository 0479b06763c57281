/**
 * Where sign-in sends people once they are in (docs/PRODUCT.md#sign-in): back where they were going,
 * carried in `/auth?next=`. Only a path of this site is followed, never another site's address.
 */
import { safeNextPath } from '../../common/nextPath';

export { safeNextPath };

/** The sign-in page, to come back to `location` afterwards (home needs no return). */
export function signInPath(location: { pathname: string; search?: string; hash?: string }): string {
  const here = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  const next = safeNextPath(here);
  return next && next !== '/' ? `/auth?next=${encodeURIComponent(next)}` : '/auth';
}

/**
 * The sign-in page's navigation state when a session ended in the middle of sending something: the
 * page says why the person is there (web/features/auth/components/AuthPage.tsx).
 */
export const SESSION_ENDED = { signInReason: 'sessionEnded' } as const;

export const endedSession = (state: unknown): boolean =>
  (state as { signInReason?: unknown } | null)?.signInReason === SESSION_ENDED.signInReason;
