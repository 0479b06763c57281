import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { Header } from './Header';

export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<Spinner label={t('loading')} className="py-24" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-stone-200 py-8 text-center text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
        <div className="mx-auto max-w-6xl space-y-1 px-4">
          <p>{t('footer.tagline')}</p>
          <p>{t('footer.privacy')}</p>
        </div>
      </footer>
    </div>
  );
}
