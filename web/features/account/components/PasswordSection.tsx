import { type FormEvent, useRef, useState } from 'react';
import { changePasswordSchema } from '../../../../common/schemas/accountSettings';
import type { SessionUser } from '../../../../common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/react';
import { issueTexts } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useChangePassword } from '../api/accountSettings';
import { AccountSection } from './AccountSection';
import { formErrorsOf } from './formErrors';

type Field = 'currentPassword' | 'newPassword';
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword'];

/**
 * "Change password" (docs/PRODUCT.md#your-account), for accounts that have one: the current password,
 * then the new one, checked like sign-up's. A Google-only account is told why there is nothing here.
 */
export function PasswordSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  return (
    <AccountSection id="account-password" title={t('password.title')}>
      {user.hasPassword ? (
        <PasswordForm email={user.email} />
      ) : (
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('password.googleOnly')}</p>
      )}
    </AccountSection>
  );
}

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const tm = useMessages();
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '' });
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
  };
  const server = formErrorsOf(change.error, FIELDS, t('failed'), tm);
  const errorOf = (field: Field) => localErrors[field] ?? server.field[field];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = issueTexts(parsed.error.issues, tm);
      setLocalErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    setLocalErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => setValues({ currentPassword: '', newPassword: '' }),
      onError: (error) => {
        if (formErrorsOf(error, FIELDS, '').field.currentPassword) refs.currentPassword.current?.focus();
      },
    });
  };

  const field = (name: Field) => ({
    id: `account-${name}`,
    name,
    type: 'password',
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setLocalErrors(({ [name]: _, ...rest }) => rest);
      if (change.isError || change.isSuccess) change.reset();
    },
    error: errorOf(name),
    reveal: { show: t('password.showPassword'), hide: t('password.hidePassword') },
    inputRef: refs[name],
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('password.intro')}</p>
      {/* Password managers file the new password under the account's address. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly value={email} />
      <TextField
        {...field('currentPassword')}
        autoComplete="current-password"
        label={t('password.current')}
      />
      <TextField
        {...field('newPassword')}
        autoComplete="new-password"
        label={t('password.new')}
        hint={t('password.newHint')}
      />
      {server.form ? <Notice tone="error">{server.form}</Notice> : null}
      {change.isSuccess ? <Notice tone="success">{t('password.done')}</Notice> : null}
      <Button
        type="submit"
        aria-disabled={change.isPending || undefined}
        aria-busy={change.isPending || undefined}
      >
        {change.isPending ? t('password.saving') : t('password.submit')}
      </Button>
    </form>
  );
}
