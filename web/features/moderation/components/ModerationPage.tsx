import * as Tabs from '@radix-ui/react-tabs';
import { Lock, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODERATION_TABS,
  type ModerationItem,
  type ModerationTab,
} from '../../../../common/schemas/moderation';
import { ButtonLink } from '../../../components/ui/Button';
import { Notice, StateMessage } from '../../../components/ui/Notice';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { ApiRequestError } from '../../../lib/api';
import messages from '../../../locales/en/moderation.json';
import { useSession } from '../../auth/api/session';
import {
  useApproveEvent,
  useBusyEventIds,
  useDismissReports,
  useRejectEvent,
  useRemoveEvent,
} from '../api/actions';
import { useModerationCounts } from '../api/counts';
import type { ModerationActionName } from './ModerationCard';
import { ModerationTabPanel } from './ModerationTabPanel';
import { RejectDialog } from './RejectDialog';

addCatalog('moderation', messages);

const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong. Please try again.';

function TabCount({ tab, count }: { tab: ModerationTab; count: number | undefined }) {
  if (count === undefined) return null;
  const alert = tab === 'reported' && count > 0;
  return (
    <span
      data-testid={`count-${tab}`}
      className={`ms-2 inline-flex min-w-6 items-center justify-center rounded-full px-1.5 py-0.5 text-xs font-semibold ${
        alert
          ? 'bg-danger-600 text-white'
          : 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100'
      }`}
    >
      {count}
    </span>
  );
}

function Dashboard({ email, role }: { email: string; role: string }) {
  const { t } = useTranslation('moderation');
  const [tab, setTab] = useState<ModerationTab>('pending');
  const counts = useModerationCounts();
  const busyIds = useBusyEventIds();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const approve = useApproveEvent();
  const reject = useRejectEvent();
  const remove = useRemoveEvent();
  const dismiss = useDismissReports();

  const setError = (id: string, message: string | null) =>
    setErrors((all) => {
      const next = { ...all };
      if (message) next[id] = message;
      else delete next[id];
      return next;
    });

  const callbacks = (item: ModerationItem, action: ModerationActionName) => ({
    onSuccess: () => setDone(t(`done.${action}`, { title: item.event.title })),
    onError: (error: unknown) => setError(item.event.id, errorText(error)),
  });

  const onAction = (item: ModerationItem, action: ModerationActionName) => {
    const eventId = item.event.id;
    setError(eventId, null);
    setDone(null);
    switch (action) {
      case 'approve':
      case 'approveVerify':
        approve.mutate({ eventId, verified: action === 'approveVerify' }, callbacks(item, action));
        break;
      case 'reject':
        reject.reset();
        setRejecting(item);
        break;
      case 'remove':
        remove.mutate({ eventId }, callbacks(item, action));
        break;
      case 'removePast':
        remove.mutate({ eventId, pastEvent: true }, callbacks(item, action));
        break;
      case 'dismiss':
        dismiss.mutate({ eventId }, callbacks(item, action));
        break;
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-stone-50">
          {t('title')}
        </h1>
        <p className="max-w-3xl text-stone-700 dark:text-stone-300">{t('intro')}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
          <div className="flex gap-1.5">
            <dt className="font-medium">{t('signedInAs')}</dt>
            <dd data-testid="moderator-email">{email}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium">{t('role')}</dt>
            <dd data-testid="moderator-role">{t(`roles.${role}`, { defaultValue: role })}</dd>
          </div>
        </dl>
      </header>

      <div aria-live="polite" className="mt-4">
        {done ? <Notice tone="success">{done}</Notice> : null}
      </div>

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ModerationTab)} className="mt-6">
        <Tabs.List
          aria-label={t('tabsLabel')}
          className="flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800"
        >
          {MODERATION_TABS.map((name) => (
            <Tabs.Trigger
              key={name}
              value={name}
              className="-mb-px inline-flex shrink-0 items-center border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:text-stone-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 sm:px-4 dark:text-stone-300 dark:hover:text-stone-50 dark:data-[state=active]:border-brand-100 dark:data-[state=active]:text-brand-50"
            >
              {t(`tabs.${name}`)}
              <TabCount tab={name} count={counts.data?.[name]} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MODERATION_TABS.map((name) => (
          <Tabs.Content key={name} value={name} className="pt-6 outline-none">
            <ModerationTabPanel tab={name} actions={{ busyIds, errors, onAction }} />
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <RejectDialog
        title={rejecting?.event.title ?? ''}
        open={rejecting !== null}
        busy={reject.isPending}
        error={reject.error ? errorText(reject.error) : null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        onReject={(reason) => {
          if (!rejecting) return;
          const item = rejecting;
          reject.mutate(
            { eventId: item.event.id, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                setDone(t('done.reject', { title: item.event.title }));
              },
            },
          );
        }}
      />
    </div>
  );
}

/** /moderation: its states in order (spec §2), then the dashboard for moderators. */
export default function ModerationPage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  if (session.isPending) return <Spinner label={t('loading')} className="py-24" />;
  const user = session.data?.user ?? null;
  if (!user) {
    return (
      <StateMessage
        headingLevel={1}
        icon={<Lock aria-hidden="true" className="size-10" />}
        title={t('accessDenied.title')}
        text={t('accessDenied.text')}
        action={<ButtonLink to="/auth">{t('accessDenied.signIn')}</ButtonLink>}
      />
    );
  }
  if (user.role !== 'moderator') {
    return (
      <StateMessage
        headingLevel={1}
        icon={<ShieldAlert aria-hidden="true" className="size-10" />}
        title={t('moderatorRequired.title')}
        text={t('moderatorRequired.text')}
        action={
          <ButtonLink to="/" variant="secondary">
            {t('moderatorRequired.back')}
          </ButtonLink>
        }
      />
    );
  }
  return <Dashboard email={user.email} role={user.role} />;
}
