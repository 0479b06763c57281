import { MailWarning } from 'lucide-react';
import { Trans } from 'react-i18next';
import { addCatalog } from '../i18n/index';
import { useTranslation } from '../i18n/react';
import { ApiRequestError } from '../lib/api';
import { useSendVerificationLink } from '../lib/emailVerification';
import { apiErrorText } from '../lib/errorTexts';
import { useHydrated } from '../lib/useHydrated';
import confirmEmailCatalog from '../locales/en/confirmEmail.json';
import { Button } from './ui/Button';

// Its own catalog: the notice, and its words, load only for the people who see it.
addCatalog('confirmEmail', confirmEmailCatalog);

/**
 * "Please confirm your email address first", with "Send the link again": what a person whose address
 * is not confirmed sees where they would submit or report (the server refuses both until then).
 */
export function ConfirmEmailNotice({
  email,
  required = true,
  className = '',
  heading: Heading = 'p',
}: {
  email: string;
  /** The server refuses submissions and reports until then; otherwise it only sends no other emails. */
  required?: boolean;
  className?: string;
  /** The title's element: a heading where the notice stands for a page's content. */
  heading?: 'p' | 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation('confirmEmail');
  const send = useSendVerificationLink();
  const hydrated = useHydrated();
  // The address is someone's own text: isolated, so a right-to-left one cannot reorder the sentence.
  const address = { address: <span dir="auto" className="font-medium break-all" /> };
  // The server answers in the page's language already; its catalog is not loaded for this banner alone.
  const error = send.error instanceof ApiRequestError ? apiErrorText(send.error, t) : null;
  return (
    <div
      className={`rounded-lg border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-50 ${className}`}
      data-testid="confirm-email"
    >
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 space-y-2">
          <Heading className="text-base font-semibold">{t(required ? 'title' : 'optionalTitle')}</Heading>
          <p>
            <Trans
              t={t}
              i18n={i18n}
              i18nKey={required ? 'text' : 'optionalText'}
              values={{ email }}
              components={address}
            />
          </p>
          <div role="status" aria-live="polite">
            {send.isSuccess ? (
              <p>
                <Trans t={t} i18n={i18n} i18nKey="sent" values={{ email }} components={address} />
              </p>
            ) : null}
            {send.isError ? (
              <p className="font-medium text-danger-700 dark:text-red-200">
                {t('failed')} {error}
              </p>
            ) : null}
          </div>
          {/* Sending again is a request the page makes: without JavaScript, no button (the link was sent). */}
          {hydrated ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => send.mutate()}
              disabled={send.isPending}
              aria-busy={send.isPending || undefined}
            >
              {send.isPending ? t('sending') : t('resend')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
