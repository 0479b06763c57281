import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { isId } from '../../../../common/ids';
import { ConfirmEmailNotice } from '../../../components/ConfirmEmailNotice';
import { SignInRequired } from '../../../components/PageStates';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Notice, StateMessage } from '../../../components/ui/Notice';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { usePostedForm } from '../../../lib/postedForm';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import submitCatalog from '../../../locales/en/submit.json';
import { useEditState } from '../api/editEvent';
import type { FormValues } from '../lib/form';
import { SubmitEventForm } from './SubmitEventForm';
import { SubmitSuccess } from './SubmitSuccess';

addCatalog('submit', submitCatalog);

/** A copy is a new event: everything but its days, which the person chooses. */
function copiedValues(values: FormValues): FormValues {
  return { ...values, date: '', endDate: '' };
}

/** /submit (docs/PRODUCT.md#submit): checking sign-in, "Sign In Required", or the form, then "Event Submitted!". */
export default function SubmitPage() {
  const { t } = useTranslation('submit');
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Sent without JavaScript: the server answered `?submitted=<id>` (server/routes/events/submitForm.ts),
  // or the form again with what it refused.
  const submitted = params.get('submitted');
  const [created, setCreated] = useState<string | null>(() =>
    submitted && isId(submitted) ? submitted : null,
  );
  const posted = usePostedForm('submit');
  // A new key remounts the form: every field back to its start, type back to protest.
  const [formKey, setFormKey] = useState(0);
  // "Submit a copy" (docs/PRODUCT.md#my-events): `?copy=<id>` of one's own event fills the form in.
  const copyId = formKey === 0 ? params.get('copy') : null;
  const copy = useEditState(copyId ?? '', Boolean(copyId && session.data?.user));

  useDocumentTitle(t('pageTitle'));

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
      <SignInRequired
        title={t('signInRequired.title')}
        text={t('signInRequired.text')}
        action={t('signInRequired.action')}
      />
    );
  } else if (copyId && copy.isPending) {
    content = <Spinner label={t('copy.loading')} className="py-24" />;
  } else if (created) {
    content = (
      <SubmitSuccess
        eventId={created}
        onAnother={() => {
          setCreated(null);
          setFormKey((k) => k + 1);
          if (submitted) navigate('/submit', { replace: true });
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
            {copyId && copy.data ? (
              <Notice tone="info" className="mb-6">
                {t('copy.notice', { title: copy.data.values.title })}
              </Notice>
            ) : null}
            <SubmitEventForm
              key={`${formKey}-${copy.data ? 'copy' : 'new'}`}
              initial={copyId && copy.data ? copiedValues(copy.data.values) : undefined}
              initialImage={copyId && copy.data ? (copy.data.image ?? null) : null}
              focusOnMount={formKey > 0}
              posted={formKey === 0 ? posted : null}
              onSubmitted={(event) => {
                setCreated(event.id);
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
