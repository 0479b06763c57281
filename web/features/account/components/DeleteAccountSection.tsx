import * as Dialog from '@radix-ui/react-dialog';
import { Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../common/schemas/accountSettings';
import type { SessionUser } from '../../../../common/schemas/auth';
import { GoogleButton } from '../../../components/GoogleButton';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { Notice } from '../../../components/ui/Notice';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { messageText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { pageNoticeState } from '../../../lib/pageNotice';
import { useNavigate } from '../../../lib/router';
import { useDeleteAccount } from '../api/accountSettings';
import { type GoogleFailure, useGoogleReauthentication } from '../api/googleReauthentication';
import { AccountSection } from './AccountSection';
import { formErrorsOf } from './formErrors';

/** The server's refusal when this session's Google confirmation is missing or more than 5 minutes old. */
const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/**
 * "Delete account" (docs/PRODUCT.md#deleting-an-account): what it does, then a dialog that asks for the
 * password; or, for an account without one (Google only), to confirm with Google (signing in to Google
 * again in a pop-up) before the final "Delete my account". Radix traps focus in the dialog, puts it on
 * the field or on "Confirm with Google", and gives it back to the button on Cancel. Once deleted, home
 * says so.
 */
export function DeleteAccountSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const tm = useMessages();
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    leave: () => navigate('/', { replace: true, state: pageNoticeState('accountDeleted') }),
  });
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  // Google-only accounts: whether this dialog has been confirmed with Google (the server decides).
  const [confirmed, setConfirmed] = useState(false);
  const google = useGoogleReauthentication({
    onConfirmed: () => {
      remove.reset();
      setConfirmed(true);
    },
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const googleRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const explanationId = useId();
  const server = formErrorsOf(remove.error, ['password'], t('failed'), tm);
  const error = localError ?? server.field.password;
  // The confirmation ran out (or never reached the server): back to "Confirm with Google".
  const expired = remove.error instanceof ApiRequestError && remove.error.code === REAUTHENTICATION_REQUIRED;

  useEffect(() => {
    if (expired) setConfirmed(false);
  }, [expired]);

  // Confirmed: the one thing left is the final button (the one pressed before has gone).
  useEffect(() => {
    if (confirmed) formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [confirmed]);

  // Refused after all (it ran out): focus goes back to where the person can confirm again.
  useEffect(() => {
    if (expired && !confirmed) googleRef.current?.focus();
  }, [expired, confirmed]);

  const onOpenChange = (next: boolean) => {
    if (!next && remove.isPending) return;
    setOpen(next);
    setValue('');
    setLocalError(null);
    setConfirmed(false);
    google.reset();
    remove.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!user.hasPassword) {
      remove.mutate({});
      return;
    }
    if (value.trim() === '') {
      setLocalError(messageText(ACCOUNT_MESSAGES.confirmationRequired, tm));
      inputRef.current?.focus();
      return;
    }
    setLocalError(null);
    remove.mutate({ password: value }, { onError: () => inputRef.current?.focus() });
  };

  const actions = (
    <DialogActions
      layout="stacked"
      variant="danger"
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      busyLabel={t('delete.busy')}
      busy={remove.isPending}
      error={
        server.form && !expired ? (
          <>
            <p className="font-semibold">{t('delete.failed')}</p>
            <p className="mt-1">{server.form}</p>
          </>
        ) : null
      }
      closeLabel={t('delete.close')}
    />
  );

  return (
    <AccountSection id="account-delete" title={t('delete.title')}>
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('delete.text')}</p>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Trigger asChild>
          <Button variant="danger" className="mt-4">
            <Trash2 aria-hidden="true" className="size-4" />
            {t('delete.open')}
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 backdrop-blur-[1px]" />
          <Dialog.Content
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (inputRef.current ?? googleRef.current)?.focus();
            }}
            className="fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl border border-stone-200 bg-white p-5 shadow-xl sm:p-6 dark:border-stone-700 dark:bg-stone-900"
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-lg font-semibold text-stone-950 dark:text-white">
                {t('delete.dialogTitle')}
              </Dialog.Title>
              <Dialog.Close asChild>
                <button
                  type="button"
                  aria-label={t('delete.close')}
                  disabled={remove.isPending}
                  className="-m-1.5 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-100"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
              {t('delete.dialogText')}
            </Dialog.Description>
            {user.hasPassword ? (
              <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
                <input
                  type="text"
                  name="username"
                  autoComplete="username"
                  hidden
                  readOnly
                  value={user.email}
                />
                <TextField
                  id="delete-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  label={t('delete.password')}
                  hint={t('delete.passwordHint')}
                  value={value}
                  onChange={(e) => {
                    setValue(e.target.value);
                    setLocalError(null);
                  }}
                  error={error}
                  inputRef={inputRef}
                />
                {actions}
              </form>
            ) : confirmed ? (
              <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
                <Notice tone="success">{t('delete.googleConfirmed')}</Notice>
                {actions}
              </form>
            ) : (
              <div className="mt-4 space-y-4">
                <p id={explanationId} className="text-sm text-stone-800 dark:text-stone-200">
                  {t('delete.googleOnly')}
                </p>
                {google.failure || expired ? (
                  <Notice tone="error">
                    <p className="font-semibold">{t('delete.googleNotConfirmed')}</p>
                    <p className="mt-1">
                      {google.failure
                        ? googleFailureMessage(google.failure, t)
                        : t('delete.googleErrors.expired')}
                    </p>
                  </Notice>
                ) : null}
                <GoogleButton
                  label={google.busy ? t('delete.googleBusy') : t('delete.google')}
                  busy={google.busy}
                  onClick={google.start}
                  buttonRef={googleRef}
                  describedBy={explanationId}
                />
                <div className="flex justify-end">
                  <Dialog.Close asChild>
                    <Button variant="secondary" className="w-full sm:w-auto">
                      {t('delete.cancel')}
                    </Button>
                  </Dialog.Close>
                </div>
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </AccountSection>
  );
}

/** Why "Confirm with Google" did not confirm: our words for the pop-up's own codes, else the server's. */
function googleFailureMessage(
  failure: GoogleFailure,
  t: ReturnType<typeof useTranslation<'account'>>['t'],
): string {
  const { code, message } = failure;
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') {
    return t('delete.googleErrors.cancelled');
  }
  if (code === 'auth/popup-blocked') return t('delete.googleErrors.popupBlocked');
  return message || t('delete.googleErrors.noCode');
}
