import { LogIn, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventDto } from '../../../../common/schemas/events';
import { ConfirmEmailNotice } from '../../../components/ConfirmEmailNotice';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { StateMessage } from '../../../components/ui/Notice';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { config } from '../../../lib/config';
import { useSession } from '../../../lib/session';
import submitCatalog from '../../../locales/en/submit.json';
import { SubmitEventForm } from './SubmitEventForm';
import { SubmitSuccess } from './SubmitSuccess';

addCatalog('submit', submitCatalog);

/** /submit (docs/PRODUCT.md#submit): checking sign-in, "Sign In Required", or the form, then "Event Submitted!". */
export default function SubmitPage() {
  const { t } = useTranslation('submit');
  const session = useSession();
  const [created, setCreated] = useState<EventDto | null>(null);
  // A new key remounts the form: every field back to its start, type back to protest.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    const previous = document.title;
    document.title = `${t('pageTitle')} · ${config.siteTitle}`;
    return () => {
      document.title = previous;
    };
  }, [t]);

  let content: ReactNode;
  if (session.isPending) {
    content = <Spinner label={t('checkingAuth')} className="py-24" />;
  } else if (session.isError) {
    content = (
      <StateMessage
        headingLevel={1}
        title={t('sessionError.title')}
        text={t('sessionError.text')}
        action={
          <Button onClick={() => session.refetch()} disabled={session.isFetching}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('sessionError.action')}
          </Button>
        }
      />
    );
  } else if (!session.data.user) {
    content = (
      <StateMessage
        headingLevel={1}
        icon={<LogIn aria-hidden="true" className="size-12" />}
        title={t('signInRequired.title')}
        text={t('signInRequired.text')}
        action={<ButtonLink to="/auth">{t('signInRequired.action')}</ButtonLink>}
      />
    );
  } else if (created) {
    content = (
      <SubmitSuccess
        event={created}
        onAnother={() => {
          setCreated(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  } else {
    const user = session.data.user;
    content = (
      <>
        <header className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
            {t('heading')}
          </h1>
          <p className="mt-2 text-stone-700 dark:text-stone-300">{t('intro')}</p>
        </header>
        {session.data.can.submit === 'confirm_email' ? (
          // The server refuses submissions until then (docs/EMAIL.md); a draft kept from a refusal waits.
          <ConfirmEmailNotice email={user.email} heading="h2" />
        ) : (
          <Card className="p-5 sm:p-8">
            <SubmitEventForm
              key={formKey}
              focusOnMount={formKey > 0}
              onSubmitted={(event) => {
                setCreated(event);
                window.scrollTo({ top: 0 });
              }}
            />
          </Card>
        )}
      </>
    );
  }

  return <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">{content}</div>;
}
