import type { ReactNode } from 'react';
import type { SessionUser } from '../../../../common/schemas/auth';
import { SignInRequired } from '../../../components/PageStates';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import accountCatalog from '../../../locales/en/account.json';
import { DataSection } from './DataSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailAddressSection } from './EmailAddressSection';
import { EmailNotificationsSection } from './EmailNotificationsSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

addCatalog('account', accountCatalog);

/**
 * The sections of /account, in order (docs/PRODUCT.md#your-account). Each gets the signed-in person; a
 * new part of the account page is one more entry here. Deleting comes last, apart from the rest.
 */
const SECTIONS: { id: string; Section: (props: { user: SessionUser }) => ReactNode }[] = [
  { id: 'address', Section: EmailAddressSection },
  { id: 'name', Section: ProfileSection },
  { id: 'password', Section: PasswordSection },
  { id: 'emails', Section: EmailNotificationsSection },
  { id: 'sessions', Section: SessionsSection },
  { id: 'data', Section: DataSection },
  { id: 'delete', Section: DeleteAccountSection },
];

/** /account: the signed-in person's own settings. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  useDocumentTitle(t('pageTitle'));

  let content: ReactNode;
  if (session.isPending) {
    content = <Spinner label={t('checking')} className="py-24" />;
  } else if (!session.data?.user) {
    content = (
      <SignInRequired
        title={t('signInRequired.title')}
        text={t('signInRequired.text')}
        action={t('signInRequired.action')}
        to="/auth"
      />
    );
  } else {
    const user = session.data.user;
    content = (
      <>
        <header>
          <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
            {t('heading')}
          </h1>
          <p className="mt-2 text-stone-700 dark:text-stone-300">{t('intro')}</p>
        </header>
        <div className="mt-8 space-y-6">
          {SECTIONS.map(({ id, Section }) => (
            <Section key={id} user={user} />
          ))}
        </div>
      </>
    );
  }
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">{content}</div>;
}
