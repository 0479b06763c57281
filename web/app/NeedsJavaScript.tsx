import { Code } from 'lucide-react';
import { type ReactNode, useLayoutEffect } from 'react';
import { ButtonLink } from '../components/ui/Button';
import { StateMessage } from '../components/ui/Notice';
import { useTranslation } from '../i18n/react';
import { useHydrated } from '../lib/useHydrated';
import { holdPageReady, PageReady } from './PageReady';

/**
 * A page that cannot work without JavaScript (common/renderedPages.ts, NEEDS_JAVASCRIPT): the server
 * renders it as a notice that says so, with a way back, inside <noscript> (a browser running scripts
 * never shows it, and React leaves it alone when it hydrates); once the app runs, the page itself. Its
 * words are the server's alone (noscript.json), never in the browser's bundle.
 */
export function NeedsJavaScript({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // The page is ready for clicks once its own code has rendered, not when this notice hydrated.
  useLayoutEffect(() => {
    if (!hydrated) holdPageReady();
  }, [hydrated]);
  if (hydrated) {
    return (
      <>
        {children}
        <PageReady />
      </>
    );
  }
  return (
    <noscript>
      <StateMessage
        headingLevel={1}
        icon={<Code aria-hidden="true" className="size-12" />}
        title={t('noscript:needsJavaScript.title')}
        text={t('noscript:needsJavaScript.text')}
        action={<ButtonLink to="/">{t('backHome')}</ButtonLink>}
      />
    </noscript>
  );
}
