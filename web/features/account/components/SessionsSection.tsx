import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { useTranslation } from '../../../i18n/react';
import { useMessages } from '../../../lib/messages';
import { pageNoticeState } from '../../../lib/pageNotice';
import { useNavigate } from '../../../lib/router';
import { useSignOutEverywhere } from '../api/accountSettings';
import { AccountSection } from './AccountSection';
import { formErrorsOf } from './formErrors';

/** "Sign out everywhere": every session ends, this one too; the home page then says so. */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const tm = useMessages();
  const navigate = useNavigate();
  const signOut = useSignOutEverywhere({
    leave: () => navigate('/', { state: pageNoticeState('signedOutEverywhere') }),
  });
  const failure = formErrorsOf(signOut.error, [], t('failed'), tm).form;
  return (
    <AccountSection id="account-sessions" title={t('sessions.title')}>
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('sessions.text')}</p>
      {failure ? (
        <Notice tone="error" className="mt-4">
          {failure}
        </Notice>
      ) : null}
      <Button
        variant="secondary"
        className="mt-4"
        disabled={signOut.isPending}
        aria-busy={signOut.isPending || undefined}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {signOut.isPending ? t('sessions.busy') : t('sessions.submit')}
      </Button>
    </AccountSection>
  );
}
