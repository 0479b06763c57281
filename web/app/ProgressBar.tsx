import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useLoadingCode } from '../lib/navigationProgress';
import { useLocation } from '../lib/router';

/** A click on a link of this site, without a key that opens it elsewhere: a navigation starts. */
function startsNavigation(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href);
  const here = window.location;
  return to.origin === here.origin && !(to.pathname === here.pathname && to.search === here.search);
}

/** How long a navigation's click alone keeps the bar, should nothing follow it (a link the app ignores). */
const CLICK_HOLD_MS = 10_000;
/** After the address changes, how long the click keeps the bar while the new page's requests start. */
const HANDOVER_MS = 150;

/**
 * A thin bar at the top of the page while a click waits for something (docs/PRODUCT.md#home): from the
 * click on a link itself (the router renders the next page in a transition, which may take a moment),
 * then for as long as data the page does not have yet is on its way (a new filter, page or month: the
 * query has no answer for it; a refresh of what is already shown does not count) or a page's code. It
 * says so to assistive technology by marking the page's main region busy. Without motion when the
 * person asks for less (prefers-reduced-motion).
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const [clicked, setClicked] = useState(false);
  const waitingForData = useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0;
  const loadingCode = useLoadingCode();
  const busy = clicked || loadingCode || waitingForData;

  useEffect(() => {
    // Capture: before the router's own handler takes the click over.
    const onClick = (event: MouseEvent) => {
      if (startsNavigation(event)) setClicked(true);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    if (!clicked) return;
    const timer = setTimeout(() => setClicked(false), CLICK_HOLD_MS);
    return () => clearTimeout(timer);
  }, [clicked]);

  // The address changed: the new page's own requests (or code) take over from the click.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => {
    const timer = setTimeout(() => setClicked(false), HANDOVER_MS);
    return () => clearTimeout(timer);
  }, [location.key]);

  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    if (busy) main.setAttribute('aria-busy', 'true');
    else main.removeAttribute('aria-busy');
  }, [busy]);

  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      data-testid="progress-bar"
      className="progress-bar pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100/70 dark:bg-brand-900/70"
    >
      <div className="progress-bar-indicator h-full w-2/5 bg-brand-700 dark:bg-brand-100" />
    </div>
  );
}
