import { CalendarPlus, Flag, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/Card';
import { Notice } from '../../../components/ui/Notice';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog, languageChangedSincePageLoad } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { usePostedForm } from '../../../lib/postedForm';
import { Navigate, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { endedSession, safeNextPath } from '../../../lib/signInPath';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import authCatalog from '../../../locales/en/auth.json';
import { AuthForm, type AuthMode } from './AuthForm';

addCatalog('auth', authCatalog);

/** /auth (docs/PRODUCT.md#sign-in): sign in or create an account, by email and password or with Google. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  // Where the person was going (`?next=`, a path of this site only): the form, an event, My events.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? '/';
  // The form the server refused without JavaScript, or the mode the address asks for (`?mode=signUp`).
  const posted = usePostedForm('auth');
  const [mode, setMode] = useState<AuthMode>(() =>
    (posted?.intent ?? params.get('mode')) === 'signUp' ? 'signUp' : 'signIn',
  );
  const [switched, setSwitched] = useState(false);
  // Sent here because the session ended while something was being sent: say so, above the form.
  const ended = endedSession(useLocation().state);

  useDocumentTitle(t(`pageTitle.${mode}`));

  // Already signed in (or just signed in): the page has nothing more to offer.
  if (session.data?.user) return <Navigate to={next} replace />;
  if (session.isPending) return <Spinner label={t('checking')} className="py-24" />;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start lg:gap-12">
      <Card className="p-6 sm:p-8">
        {ended ? (
          <Notice tone="warning" className="mb-5">
            {t('sessionEnded')}
          </Notice>
        ) : null}
        {/* A new key per mode: switching starts from empty fields and no errors (docs/PRODUCT.md#sign-in). */}
        <AuthForm
          key={mode}
          mode={mode}
          focusHeading={switched}
          onToggleMode={() => {
            setSwitched(true);
            setMode((m) => (m === 'signIn' ? 'signUp' : 'signIn'));
          }}
          onSignedIn={() => {
            // An account in another language: the next page comes from the server, whole, in it.
            if (languageChangedSincePageLoad()) window.location.replace(next);
            else navigate(next, { replace: true });
          }}
          next={next}
          posted={posted?.intent === mode ? posted : null}
        />
      </Card>
      <Benefits />
    </div>
  );
}

function Benefits() {
  const { t } = useTranslation('auth');
  const items = [
    { icon: CalendarPlus, text: t('benefits.submit') },
    { icon: Flag, text: t('benefits.report') },
    { icon: ShieldCheck, text: t('benefits.trust') },
  ];
  return (
    <section aria-labelledby="auth-benefits" className="lg:pt-6">
      <h2 id="auth-benefits" className="text-lg font-semibold text-stone-900 dark:text-stone-100">
        {t('benefits.title')}
      </h2>
      <ul className="mt-4 space-y-4">
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-100">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="pt-1.5 text-stone-800 dark:text-stone-200">{text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-stone-600 dark:text-stone-400">{t('privacy')}</p>
    </section>
  );
}
