import { useTranslation } from 'react-i18next';
import { config } from '../../../app/config';

export function HomePage() {
  const { t } = useTranslation('events');
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('hero.title', { siteTitle: config.siteTitle })}</h1>
      <p className="mt-3 max-w-2xl text-stone-700 dark:text-stone-300">{t('hero.mission')}</p>
    </section>
  );
}
