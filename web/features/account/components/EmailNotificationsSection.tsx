import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { NOTIFICATIONS, type NotificationKind } from '../../../../common/schemas/account';
import type { SessionUser } from '../../../../common/schemas/auth';
import { Button } from '../../../components/ui/Button';
import { SkeletonBlock } from '../../../components/ui/Card';
import { Notice } from '../../../components/ui/Notice';
import { useTranslation } from '../../../i18n/react';
import { config } from '../../../lib/config';
import { useEmailSettings, useSaveEmailPreferences } from '../api/emailSettings';
import { AccountSection } from './AccountSection';

type Choice = { kind: NotificationKind; enabled: boolean };

/** Which emails to get, per kind, saved as each box is ticked (docs/EMAIL.md). */
export function EmailNotificationsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  return (
    <AccountSection id="account-emails" title={t('notifications.title')}>
      {config.mailEnabled ? (
        <NotificationChoices emailVerified={user.emailVerified} />
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('notifications.noMail')}</p>
      )}
    </AccountSection>
  );
}

function NotificationChoices({ emailVerified }: { emailVerified: boolean }) {
  const { t } = useTranslation('account');
  const settings = useEmailSettings();
  const save = useSaveEmailPreferences();
  // What was just ticked, shown at once while the server stores it (and dropped if it cannot).
  const [pending, setPending] = useState<Partial<Record<NotificationKind, boolean>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  if (settings.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <SkeletonBlock className="h-4 w-3/4" />
        <SkeletonBlock className="h-14 w-full" />
        <SkeletonBlock className="h-14 w-full" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <Notice tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{t('notifications.loadFailed')}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => settings.refetch()}
          disabled={settings.isFetching}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('notifications.retry')}
        </Button>
      </Notice>
    );
  }

  const toggle = (kind: NotificationKind, enabled: boolean) => {
    setPending((p) => ({ ...p, [kind]: enabled }));
    setStatus('saving');
    save.mutate(
      { [kind]: enabled },
      {
        onSuccess: () => setStatus('saved'),
        onError: () => setStatus('failed'),
        onSettled: () =>
          setPending(({ [kind]: _, ...rest }) => rest as Partial<Record<NotificationKind, boolean>>),
      },
    );
  };

  const choices: Choice[] = settings.data.notifications.map((c) => ({
    kind: c.kind,
    enabled: pending[c.kind] ?? c.enabled,
  }));
  const forSubmitters = choices.filter((c) => NOTIFICATIONS[c.kind].audience === 'submitter');
  const forModerators = choices.filter((c) => NOTIFICATIONS[c.kind].audience === 'moderators');

  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('notifications.intro')}</p>
      {emailVerified ? null : <Notice tone="warning">{t('notifications.needsConfirmation')}</Notice>}
      <ChoiceGroup
        id="emails-submitter"
        legend={t('notifications.submitterGroup')}
        choices={forSubmitters}
        onToggle={toggle}
      />
      {forModerators.length > 0 ? (
        <ChoiceGroup
          id="emails-moderator"
          legend={t('notifications.moderatorGroup')}
          hint={t('notifications.moderatorHint')}
          choices={forModerators}
          onToggle={toggle}
        />
      ) : null}
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {status === 'saving' ? (
          <span className="text-stone-600 dark:text-stone-400">{t('notifications.saving')}</span>
        ) : status === 'saved' ? (
          <span className="text-brand-800 dark:text-brand-100">{t('notifications.saved')}</span>
        ) : status === 'failed' ? (
          <span className="font-medium text-danger-700 dark:text-red-300">{t('notifications.failed')}</span>
        ) : null}
      </p>
    </div>
  );
}

function ChoiceGroup({
  id,
  legend,
  hint,
  choices,
  onToggle,
}: {
  id: string;
  legend: string;
  hint?: string;
  choices: Choice[];
  onToggle: (kind: NotificationKind, enabled: boolean) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-semibold text-stone-900 dark:text-stone-100">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      <div className="mt-3 space-y-2">
        {choices.map(({ kind, enabled }) => (
          <label
            key={kind}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 p-3 transition-colors hover:bg-stone-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 dark:border-stone-600 dark:hover:bg-stone-800 dark:has-[:checked]:border-brand-100 dark:has-[:checked]:bg-brand-900/40"
          >
            <input
              type="checkbox"
              name={kind}
              checked={enabled}
              onChange={(event) => onToggle(kind, event.target.checked)}
              aria-describedby={`${id}-${kind}-hint`}
              className="mt-1 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
            />
            <span>
              <span className="block font-medium text-stone-900 dark:text-stone-100">
                {t(`kinds.${kind}.label`)}
              </span>
              <span id={`${id}-${kind}-hint`} className="block text-sm text-stone-600 dark:text-stone-400">
                {t(`kinds.${kind}.hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
