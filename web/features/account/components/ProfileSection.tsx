import { type FormEvent, useRef, useState } from 'react';
import { changeNameSchema } from '../../../../common/schemas/accountSettings';
import type { SessionUser } from '../../../../common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/react';
import { issueTexts } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useChangeName } from '../api/accountSettings';
import { AccountSection } from './AccountSection';
import { formErrorsOf } from './formErrors';

/** "Name or nickname" (docs/PRODUCT.md#your-account): checked here with sign-up's rule, then saved. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const tm = useMessages();
  const change = useChangeName();
  const [name, setName] = useState(user.name);
  const [localError, setLocalError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const server = formErrorsOf(change.error, ['name'], t('failed'), tm);
  const error = localError ?? server.field.name;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changeNameSchema.safeParse({ name });
    if (!parsed.success) {
      setLocalError(issueTexts(parsed.error.issues, tm).name ?? null);
      inputRef.current?.focus();
      return;
    }
    setLocalError(null);
    change.mutate(parsed.data, { onSuccess: ({ user: saved }) => setName(saved.name) });
  };

  return (
    <AccountSection id="account-name" title={t('name.title')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          id="account-name-input"
          name="name"
          autoComplete="nickname"
          dir="auto"
          label={t('name.label')}
          hint={t('name.hint')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setLocalError(null);
            change.reset();
          }}
          error={error}
          inputRef={inputRef}
        />
        {server.form ? <Notice tone="error">{server.form}</Notice> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            type="submit"
            aria-disabled={change.isPending || undefined}
            aria-busy={change.isPending || undefined}
          >
            {change.isPending ? t('name.saving') : t('name.save')}
          </Button>
          <p role="status" className="text-sm text-brand-800 dark:text-brand-100">
            {change.isSuccess ? t('name.saved') : null}
          </p>
        </div>
      </form>
    </AccountSection>
  );
}
