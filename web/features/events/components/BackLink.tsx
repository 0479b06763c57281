import { ArrowLeft } from 'lucide-react';
import { type MouseEvent, useMemo } from 'react';
import { filtersFromParams, filtersToSearch } from '../../../../common/filters';
import type { ServerLocationState } from '../../../entry-server';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { useHydrated } from '../../../lib/useHydrated';

export interface BackTarget {
  to: string;
  /** True when the previous history entry is that home view, so going back also restores its scroll. */
  cameFromHome: boolean;
}

/** The home view (`/` or `/?filters`, only valid filters kept) that a landing query names. */
function homeView(query: string): string {
  return `/${filtersToSearch(filtersFromParams(new URLSearchParams(query)))}`;
}

/**
 * The home view this page was loaded from, as the server saw it: the query of the request's Referer
 * when that is this site's own home page (server/html/pages.ts checks it and hands it to the render
 * through the router's location state), and in the browser the same from `document.referrer`. Null
 * for any other referrer. This is what a page read without JavaScript links back to.
 */
function landingHomeView(state: unknown): string | null {
  if (typeof document === 'undefined') {
    const query = (state as Partial<ServerLocationState> | null)?.homeViewQuery;
    return typeof query === 'string' ? homeView(query) : null;
  }
  let from: URL;
  try {
    from = new URL(document.referrer);
  } catch {
    return null;
  }
  return from.origin === window.location.origin && from.pathname === '/' && from.search !== ''
    ? homeView(from.search)
    : null;
}

/**
 * Where "Back to Events" leads: the home view the visitor came from (with its filters), else home.
 * Until the page has hydrated (and on the server), only the landing Referer counts, so the server's
 * link and the hydrating one agree; after, a home view that left its address in history state comes
 * first (a click there goes back in history), then the landing Referer while this is still the page
 * the browser loaded (a new tab opened from a filtered list), then home.
 */
export function useBackTarget(): BackTarget {
  const location = useLocation();
  const hydrated = useHydrated();
  const state = location.state as { backTo?: unknown } | null;
  const landing = useMemo(() => landingHomeView(state), [state]);
  if (hydrated) {
    const backTo = state?.backTo;
    // Only an address on this site's home page: never follow state to somewhere else.
    if (typeof backTo === 'string' && (backTo === '/' || backTo.startsWith('/?'))) {
      return { to: backTo, cameFromHome: true };
    }
    // The page as loaded (no history state of the app's) is keyed 'default' (web/lib/router.tsx).
    return { to: (location.key === 'default' ? landing : null) ?? '/', cameFromHome: false };
  }
  return { to: landing ?? '/', cameFromHome: false };
}

export function BackLink({ target }: { target: BackTarget }) {
  const { t } = useTranslation('event');
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A plain click goes back in history (same list, same place in it); a new tab gets the address.
    if (!target.cameFromHome || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(-1);
  };
  return (
    <Link
      to={target.to}
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md py-1 text-sm font-medium text-stone-700 hover:text-brand-700 hover:underline dark:text-stone-300 dark:hover:text-brand-100"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('back')}
    </Link>
  );
}
