import { CircleCheck, LinkIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ConfirmEmailNotice } from '../../../components/ConfirmEmailNotice';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import accountCatalog from '../../../locales/en/account.json';
import { tokenFromHash, useVerifyEmail } from '../api/links';
import { LinkOutcome } from './LinkPage';
import { useLinkToken } from './useLinkToken';

addCatalog('account', accountCatalog);

/** /verify-email#token=…: confirms the address as soon as the emailed link is opened. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const tm = useMessages();
  useDocumentTitle(t('verify.pageTitle'));
  const token = useLinkToken(tokenFromHash);
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const session = useSession();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Each link once, even where effects run twice (development): a link works once.
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const user = session.data?.user ?? null;
  const done = verify.isSuccess || (verify.isError && user?.emailVerified);
  if (done) {
    return (
      <LinkOutcome
        icon={<CircleCheck aria-hidden="true" className="size-12 text-brand-700 dark:text-brand-100" />}
        title={t('verify.doneTitle')}
        text={t('verify.doneText')}
        action={<ButtonLink to="/">{t('verify.continue')}</ButtonLink>}
      />
    );
  }
  if (token && !verify.isError) return <Spinner label={t('verify.checking')} className="py-24" />;
  return (
    <LinkOutcome
      icon={<LinkIcon aria-hidden="true" className="size-12" />}
      title={t('verify.invalidTitle')}
      text={verify.error instanceof ApiRequestError ? apiErrorText(verify.error, tm) : t('verify.missing')}
      action={user ? undefined : <ButtonLink to="/auth">{t('verify.signIn')}</ButtonLink>}
    >
      {user && !user.emailVerified ? (
        <ConfirmEmailNotice
          email={user.email}
          required={user.mustConfirmEmail}
          className="mx-auto max-w-md"
        />
      ) : null}
    </LinkOutcome>
  );
}
