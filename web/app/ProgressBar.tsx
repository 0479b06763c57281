import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadingCode } from '../lib/navigationProgress';

/**
 * A thin bar at the top of the page while a click waits for something (docs/PRODUCT.md#home): data
 * the page does not have yet (a new filter, page or month: the query has no answer for it; a refresh
 * of what is already shown does not count) or a page's code. It appears as the request starts, not
 * when it ends, and says so to assistive technology by marking the page's main region busy. Without
 * motion when the person asks for less (prefers-reduced-motion).
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const waitingForData = useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0;
  const busy = useLoadingCode() || waitingForData;

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
