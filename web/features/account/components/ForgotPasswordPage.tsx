import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { forgotPasswordSchema } from '../../../../common/schemas/account';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { config } from '../../../lib/config';
import { apiErrorText, apiFieldTexts, issueTexts } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { Link } from '../../../lib/router';
import { typedBeforeHydration } from '../../../lib/typedBeforeHydration';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useHydrated } from '../../../lib/useHydrated';
import accountCatalog from '../../../locales/en/account.json';
import { useForgotPassword } from '../api/links';
import { LinkFormPage, LinkOutcome } from './LinkPage';

addCatalog('account', accountCatalog);

const backLinkClass =
  'inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-100';

/** /forgot-password: an email with a link to set a new password (docs/EMAIL.md). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const tm = useMessages();
  useDocumentTitle(t('forgot.pageTitle'));
  const forgot = useForgotPassword();
  const hydrated = useHydrated();
  // Hydrating the server's form: keep an address typed into it meanwhile.
  const [email, setEmail] = useState(() => (hydrated ? '' : (typedBeforeHydration('forgot-email') ?? '')));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const back = (
    <Link to="/auth" className={backLinkClass}>
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('forgot.back')}
    </Link>
  );

  if (!config.mailEnabled) {
    return <LinkOutcome title={t('forgot.noMailTitle')} text={t('forgot.noMail')} action={back} />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(issueTexts(parsed.error.issues, tm).email ?? null);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    forgot.mutate(parsed.data);
  };

  const failure = forgot.error instanceof ApiRequestError ? forgot.error : null;

  if (forgot.isSuccess) {
    return (
      <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
        <Card className="p-6 sm:p-8">
          <div role="status" className="space-y-3">
            <MailCheck aria-hidden="true" className="size-10 text-brand-700 dark:text-brand-100" />
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 dark:text-white">
              {t('forgot.heading')}
            </h1>
            <p className="text-stone-800 dark:text-stone-200">{t('forgot.sent')}</p>
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('forgot.checkSpam')}</p>
          </div>
          <p className="mt-6 text-center">{back}</p>
        </Card>
      </div>
    );
  }

  return (
    <LinkFormPage
      title={t('forgot.heading')}
      intro={t('forgot.intro')}
      error={failure ? (apiFieldTexts(failure, tm).email ?? apiErrorText(failure, tm)) : null}
      busy={forgot.isPending}
      submitLabel={t('forgot.submit')}
      busyLabel={t('forgot.sending')}
      onSubmit={onSubmit}
      after={<p className="mt-6 text-center">{back}</p>}
    >
      <TextField
        id="forgot-email"
        name="email"
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        label={t('forgot.email')}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setFieldError(null);
        }}
        error={fieldError ?? undefined}
        inputRef={inputRef}
      />
    </LinkFormPage>
  );
}
