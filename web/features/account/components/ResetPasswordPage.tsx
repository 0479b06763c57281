import { CircleCheck, LinkIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { newPasswordSchema } from '../../../../common/schemas/auth';
import { ButtonLink } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { config } from '../../../lib/config';
import { apiErrorText, apiFieldTexts, messageText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import accountCatalog from '../../../locales/en/account.json';
import { tokenFromHash, useResetPassword } from '../api/links';
import { LinkFormPage, LinkOutcome } from './LinkPage';
import { useLinkToken } from './useLinkToken';

addCatalog('account', accountCatalog);

/** /reset-password#token=…: the page an emailed (or operator's) link opens, to set a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const tm = useMessages();
  useDocumentTitle(t('reset.pageTitle'));
  const token = useLinkToken(tokenFromHash);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Without email (links come from the operator), no new link can be asked for here: back to the events.
  const whereNext = config.mailEnabled ? (
    <ButtonLink to="/forgot-password">{t('reset.askAgain')}</ButtonLink>
  ) : (
    <ButtonLink to="/">{t('reset.continue')}</ButtonLink>
  );
  const failure = reset.error instanceof ApiRequestError ? reset.error : null;

  if (!token || failure?.code === 'link_expired') {
    return (
      <LinkOutcome
        icon={<LinkIcon aria-hidden="true" className="size-12" />}
        title={t('reset.invalidTitle')}
        text={failure ? apiErrorText(failure, tm) : t('verify.missing')}
        action={whereNext}
      />
    );
  }
  if (reset.isSuccess) {
    return (
      <LinkOutcome
        icon={<CircleCheck aria-hidden="true" className="size-12 text-brand-700 dark:text-brand-100" />}
        title={t('reset.heading')}
        text={t('reset.done')}
        action={<ButtonLink to="/">{t('reset.continue')}</ButtonLink>}
      />
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFieldError(issue ? messageText(issue.message, tm) : null);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    reset.mutate({ token, password: parsed.data });
  };

  return (
    <LinkFormPage
      title={t('reset.heading')}
      intro={t('reset.intro')}
      error={failure ? (apiFieldTexts(failure, tm).password ?? apiErrorText(failure, tm)) : null}
      busy={reset.isPending}
      submitLabel={t('reset.submit')}
      busyLabel={t('reset.saving')}
      onSubmit={onSubmit}
    >
      {/* Password managers file the new password under the account's address. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
      <TextField
        id="reset-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('reset.password')}
        hint={t('reset.passwordHint')}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setFieldError(null);
        }}
        error={fieldError ?? undefined}
        reveal={{ show: t('reset.showPassword'), hide: t('reset.hidePassword') }}
        inputRef={inputRef}
      />
    </LinkFormPage>
  );
}
