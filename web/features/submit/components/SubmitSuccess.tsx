import { ArrowRight, CircleCheck, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { eventPagePath } from '../../../../common/links';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { useHydrated } from '../../../lib/useHydrated';

export function SubmitSuccess({ eventId, onAnother }: { eventId: string; onAnother: () => void }) {
  const { t } = useTranslation('submit');
  const hydrated = useHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form is gone: move focus to the news so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Card className="px-5 py-10 text-center sm:px-10">
      <CircleCheck aria-hidden="true" className="mx-auto size-14 text-brand-700 dark:text-brand-100" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold tracking-tight text-stone-950 outline-none sm:text-3xl dark:text-white"
      >
        {t('success.title')}
      </h1>
      <p className="mx-auto mt-3 max-w-md text-stone-700 dark:text-stone-300">{t('success.text')}</p>
      <p className="mt-4">
        <Link
          to={eventPagePath(eventId)}
          className="inline-flex items-center gap-1 rounded-md font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-100"
        >
          {t('success.viewPending')}
          <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
      </p>
      <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <ButtonLink to="/" variant="secondary">
          {t('success.viewAll')}
        </ButtonLink>
        {/* Without JavaScript, a new form is the page itself. */}
        {hydrated ? (
          <Button onClick={onAnother}>
            <Plus aria-hidden="true" className="size-5" />
            {t('success.another')}
          </Button>
        ) : (
          <ButtonLink to="/submit">
            <Plus aria-hidden="true" className="size-5" />
            {t('success.another')}
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}
