import { CircleCheck, CircleDashed } from 'lucide-react';
import type { SessionUser } from '../../../../common/schemas/auth';
import { ConfirmEmailNotice } from '../../../components/ConfirmEmailNotice';
import { useTranslation } from '../../../i18n/react';
import { config } from '../../../lib/config';
import { AccountSection } from './AccountSection';

/** The address, and whether its owner confirmed it (with "Send the link again" when not). */
export function EmailAddressSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const confirmed = user.emailVerified;
  return (
    <AccountSection id="account-address" title={t('address.title')}>
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <dt className="sr-only">{t('address.label')}</dt>
        <dd dir="auto" className="min-w-0 text-base font-medium break-all text-stone-900 dark:text-stone-100">
          {user.email}
        </dd>
        {config.mailEnabled || confirmed ? (
          <dd data-testid="email-state">
            {confirmed ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-medium text-brand-800 dark:bg-brand-900/50 dark:text-brand-50">
                <CircleCheck aria-hidden="true" className="size-4" />
                {t('address.verified')}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-sm font-medium text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
                <CircleDashed aria-hidden="true" className="size-4" />
                {t('address.unverified')}
              </span>
            )}
          </dd>
        ) : null}
      </dl>
      {!config.mailEnabled ? (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t('address.noMail')}</p>
      ) : confirmed ? null : (
        <ConfirmEmailNotice email={user.email} required={user.mustConfirmEmail} className="mt-4" />
      )}
    </AccountSection>
  );
}
