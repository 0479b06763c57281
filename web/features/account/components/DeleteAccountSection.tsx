import * as Dialog from '@radix-ui/react-dialog';
import { Trash2, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../../common/schemas/accountSettings';
import type { SessionUser } from '../../../../common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { TextField } from '../../../components/ui/TextField';
import { messageText, useMessages } from '../../../lib/messages';
import { pageNoticeState } from '../../../lib/pageNotice';
import { useDeleteAccount } from '../api/accountSettings';
import { AccountSection } from './AccountSection';
import { formErrorsOf } from './formErrors';

/**
 * "Delete account" (docs/PRODUCT.md#deleting-an-account): what it does, then a dialog that asks for the
 * password, or for a Google-only account its email address typed out. Radix traps focus in the dialog,
 * puts it on the field, and gives it back to the button on Cancel. Once deleted, home says so.
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
  const inputRef = useRef<HTMLInputElement>(null);
  const field = user.hasPassword ? 'password' : 'email';
  const server = formErrorsOf(remove.error, [field], t('failed'), tm);
  const error = localError ?? server.field[field];

  const onOpenChange = (next: boolean) => {
    if (!next && remove.isPending) return;
    setOpen(next);
    setValue('');
    setLocalError(null);
    remove.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (value.trim() === '') {
      const required = user.hasPassword
        ? ACCOUNT_MESSAGES.confirmationRequired
        : ACCOUNT_MESSAGES.emailConfirmationRequired;
      setLocalError(messageText(required, tm));
      inputRef.current?.focus();
      return;
    }
    setLocalError(null);
    remove.mutate(user.hasPassword ? { password: value } : { email: value }, {
      onError: () => inputRef.current?.focus(),
    });
  };

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
              inputRef.current?.focus();
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
            <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
              {user.hasPassword ? (
                <>
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
                </>
              ) : (
                <>
                  <p className="text-sm text-stone-800 dark:text-stone-200">
                    {t('delete.googleOnly')}{' '}
                    <span dir="auto" className="font-semibold break-all">
                      {user.email}
                    </span>
                  </p>
                  <TextField
                    id="delete-email"
                    name="email"
                    type="email"
                    autoComplete="off"
                    dir="auto"
                    label={t('delete.email')}
                    value={value}
                    onChange={(e) => {
                      setValue(e.target.value);
                      setLocalError(null);
                    }}
                    error={error}
                    inputRef={inputRef}
                  />
                </>
              )}
              <DialogActions
                layout="stacked"
                variant="danger"
                cancelLabel={t('delete.cancel')}
                confirmLabel={t('delete.confirm')}
                busyLabel={t('delete.busy')}
                busy={remove.isPending}
                error={
                  server.form ? (
                    <>
                      <p className="font-semibold">{t('delete.failed')}</p>
                      <p className="mt-1">{server.form}</p>
                    </>
                  ) : null
                }
                closeLabel={t('delete.close')}
              />
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </AccountSection>
  );
}
