import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Spinner } from '../components/ui/Spinner';
import { useTranslation } from '../i18n/react';
import { Link, useLocation, useNavigationType } from '../lib/router';
import { ConfirmEmailBanner } from './ConfirmEmailBanner';
import { Header } from './Header';
import { LanguageList } from './LanguageMenu';
import { PageNotice } from './PageNotice';
import { PageReady } from './PageReady';
import { ProgressBar } from './ProgressBar';

/**
 * What a browser does for ordinary pages, done for the app's own navigation: a new page starts at the
 * top with focus at the start of the content (so screen readers announce it); Back and Forward return
 * to where the visitor was. A new query on the same page (filters, paging) leaves both alone.
 */
function useScrollAndFocus() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previous = useRef<{ key: string; path: string } | null>(null);
  // Where the visitor was before this navigation: read from scroll events, because by the time the
  // new page has rendered the browser may already have clamped window.scrollY to its shorter height.
  const lastY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = { key: location.key, path: location.pathname };
    if (from === null) return;
    positions.current.set(from.key, lastY.current);
    if (navigationType === 'POP') {
      const y = positions.current.get(location.key) ?? 0;
      window.scrollTo(0, y);
      lastY.current = y;
      return;
    }
    if (from.path === location.pathname) return;
    window.scrollTo(0, 0);
    lastY.current = 0;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.key, location.pathname, navigationType]);
}

/** The About page and its sections (the headings of its default text: server/about/defaultAbout.ts). */
const FOOTER_LINKS = [
  ['about', '/about'],
  ['contact', '/about#contact'],
  ['policy', '/about#moderation-policy'],
  ['verified', '/about#what-verified-means'],
] as const;

/** Every page's frame: the header, the page itself (`children`) and the footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useScrollAndFocus();
  return (
    <div className="flex min-h-dvh flex-col">
      <ProgressBar />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <PageNotice />
        <ConfirmEmailBanner />
        <Suspense fallback={<Spinner label={t('loading')} className="py-24" />}>
          {children}
          <PageReady />
        </Suspense>
      </main>
      <footer className="border-t border-stone-200 py-8 text-center text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
        <div className="mx-auto max-w-6xl space-y-1 px-4">
          <p>{t('footer.tagline')}</p>
          <p>{t('footer.privacy')}</p>
          <nav aria-label={t('footer.linksLabel')} className="pt-3">
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
              {FOOTER_LINKS.map(([key, to]) => (
                <li key={key}>
                  <Link to={to} className="footer-link">
                    {t(`footer.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="pt-3">
            <LanguageList compact />
          </div>
        </div>
      </footer>
    </div>
  );
}
