import * as Tabs from '@radix-ui/react-tabs';
import { Lock, ShieldAlert, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Schedule } from '../../../../common/enums';
import { MODERATION_TABS, type ModerationTab, type PendingSort } from '../../../../common/moderationEnums';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { SignInButton } from '../../../components/SignInButton';
import { ButtonLink } from '../../../components/ui/Button';
import { Notice, StateMessage } from '../../../components/ui/Notice';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { isAccessLost } from '../../../lib/api';
import { useMessages } from '../../../lib/messages';
import { useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useDirection } from '../../../lib/useDirection';
import { refocusIfLost } from '../../../lib/useFocusReturn';
import messages from '../../../locales/en/moderation.json';
import queueMessages from '../../../locales/en/queue.json';
import {
  useAcceptChange,
  useApproveEvent,
  useBusyEventIds,
  useChangeSchedule,
  useDismissReports,
  useRejectChange,
  useRejectEvent,
  useRemoveEvent,
  useVerifyEvent,
} from '../api/actions';
import { useModerationCounts } from '../api/counts';
import { usePresetReasons } from '../api/presetReasons';
import { actionErrorOf } from '../lib/actionError';
import { SUCCESS_SHOWN_MS } from '../lib/feedback';
import { forgetReason, keepReason, keptReason, takeKeptReason } from '../lib/keptReason';
import type { ModerationActionName } from './ModerationCard';
import { ModerationTabPanel, type PanelActions } from './ModerationTabPanel';
import { PresetReasonsButton, PresetReasonsDialog } from './PresetReasonsDialog';
import { QueueHealth } from './QueueHealth';
import { type DialogAction, isReasonAction, ReasonDialog, type ScheduleAction } from './ReasonDialog';
import { ShortcutsButton, ShortcutsDialog } from './ShortcutsDialog';

/** The schedule each of the schedule actions sets. */
const SCHEDULES: Record<ScheduleAction, Schedule> = {
  cancelEvent: 'cancelled',
  postpone: 'postponed',
  reinstate: 'scheduled',
};

addCatalog('moderation', messages);
addCatalog('queue', queueMessages);

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

interface Feedback {
  /** `warning`: nothing changed because someone else had already acted; not the moderator's error. */
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/**
 * The outcome of the last action, pinned to the bottom of the screen: the card acted on usually
 * leaves the list, and on a phone the top of the page is out of sight. A success goes by itself after
 * a while (it covers the bottom of the next event on a phone), not while the pointer or focus is on it.
 */
function ActionFeedback({ feedback, onDismiss }: { feedback: Feedback | null; onDismiss: () => void }) {
  const { t } = useTranslation('moderation');
  // The message being read (pointer or focus on it): a new one is not held by the last one's pointer.
  const [held, setHeld] = useState<Feedback | null>(null);
  const isHeld = held !== null && held === feedback;
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (feedback?.tone !== 'success' || isHeld) return;
    const timer = setTimeout(() => dismiss.current(), SUCCESS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [feedback, isHeld]);
  return (
    <div
      aria-live="polite"
      // On a wide screen under the list's column, never over the selected event's buttons beside it.
      className="pointer-events-none fixed inset-x-0 bottom-4 z-30 mx-auto flex max-w-6xl justify-center px-4 lg:justify-start"
      data-testid="action-feedback"
    >
      {feedback ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: holds the message while it is read, no action
        <div
          className="pointer-events-auto w-full max-w-xl lg:max-w-none lg:basis-[calc((100%-1.5rem)*0.6)]"
          onPointerEnter={() => setHeld(feedback)}
          onPointerLeave={() => setHeld(null)}
          onFocus={() => setHeld(feedback)}
          onBlur={() => setHeld(null)}
        >
          <Notice tone={feedback.tone} className="flex items-start gap-3 shadow-lg">
            <span className="flex-1">{feedback.text}</span>
            <button
              type="button"
              onClick={onDismiss}
              aria-label={t('dismissMessage')}
              className="-m-1 rounded p-1 hover:bg-black/5 dark:hover:bg-white/10"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </Notice>
        </div>
      ) : null}
    </div>
  );
}

function Dashboard({ userId, email, role }: { userId: string; email: string; role: string }) {
  const { t } = useTranslation('moderation');
  const tm = useMessages();
  // The tab and the Pending tab's order are kept in the address, so a reload or a link keeps them
  // (an email about a report leads to `?tab=reported`).
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ModerationTab = MODERATION_TABS.find((name) => name === tabParam) ?? 'pending';
  const setTab = (next: ModerationTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'pending') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  const sort: PendingSort = params.get('sort') === 'submitted' ? 'submitted' : 'soonest';
  const onSort = (next: PendingSort) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'submitted') updated.set('sort', next);
        else updated.delete('sort');
        return updated;
      },
      { replace: true },
    );
  const [helpOpen, setHelpOpen] = useState(false);
  const [presetsOpen, setPresetsOpen] = useState(false);
  const presets = usePresetReasons();
  const dir = useDirection();
  const counts = useModerationCounts();
  const busyIds = useBusyEventIds();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // The event whose Reject, Remove Event, Remove Past Event, Cancel Event, Postpone or Going Ahead
  // dialog is open. `initialReason`: the one the moderator wrote before their session ended, when they
  // come back to it.
  // `done`: selects the next event once the action succeeded.
  const [asking, setAsking] = useState<{
    item: ModerationItem;
    action: DialogAction;
    initialReason: string | null;
    done: () => void;
  } | null>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const approve = useApproveEvent();
  const reject = useRejectEvent();
  const remove = useRemoveEvent();
  const dismiss = useDismissReports();
  const acceptChange = useAcceptChange();
  const rejectChange = useRejectChange();
  const verify = useVerifyEvent();
  const schedule = useChangeSchedule();

  // Where focus goes when what had it left with its event: the card now selected (the next one, once
  // the list has refreshed), else the tab, rather than <body> (the top of the page for a keyboard).
  const focusActiveTab = () => {
    const selected = document.querySelector<HTMLElement>('button[data-event-id][aria-pressed="true"]');
    if (selected) selected.focus({ preventScroll: true });
    else tabsRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
  };
  // When a dialog's button has gone with its action (Cancel Event becomes Going Ahead After All), focus
  // goes to the event's card if it is still listed, else to the tab.
  const dialogEventId = useRef<string | null>(null);
  const focusAfterDialog = () => {
    const id = dialogEventId.current;
    const card = id ? document.querySelector<HTMLElement>(`button[data-event-id="${CSS.escape(id)}"]`) : null;
    if (card) card.focus();
    else focusActiveTab();
  };

  // The card usually leaves the refreshed list with the focused button (a bulk decision's bar goes
  // with the last of its events): focus goes to the selected card or the tab.
  const refocus = () => refocusIfLost(focusActiveTab);

  const callbacks = (item: ModerationItem, action: ModerationActionName, done?: () => void) => ({
    onSettled: refocus,
    onSuccess: () => {
      setFeedback({ tone: 'success', text: t(`done.${action}`, { title: item.event.title }) });
      done?.();
    },
    // The lists refresh after a failure too, so the event's card may be gone: say it here.
    onError: (error: unknown) => {
      const { message, final } = actionErrorOf(error, t('unknownError'), tm);
      const title = item.event.title;
      setFeedback(
        final
          ? { tone: 'warning', text: t('staleOn', { title, message }) }
          : { tone: 'error', text: t('failedOn', { title, message }) },
      );
      // Someone else decided it (or it is gone): once the refreshed list no longer holds it, the next
      // event is selected, as after the moderator's own decision. One that stays (a new report came in)
      // stays selected.
      if (final) done?.();
    },
  });

  /** `done`: the event leaves the list with this action; it selects the next one. */
  const onAction = (item: ModerationItem, action: ModerationActionName, done: () => void) => {
    const eventId = item.event.id;
    setFeedback(null);
    dialogEventId.current = eventId;
    switch (action) {
      case 'approve':
      case 'approveVerify':
        approve.mutate({ eventId, verified: action === 'approveVerify' }, callbacks(item, action, done));
        break;
      case 'reject':
        reject.reset();
        setAsking({ item, action, initialReason: takeKeptReason(userId, eventId, action), done });
        break;
      case 'remove':
      case 'removePast':
      case 'removeListed':
        remove.reset();
        setAsking({ item, action, initialReason: takeKeptReason(userId, eventId, action), done });
        break;
      case 'dismiss':
        dismiss.mutate({ eventId, reportIds: item.reports.map((r) => r.id) }, callbacks(item, action, done));
        break;
      case 'verify':
      case 'unverify':
        verify.mutate(
          { eventId, verified: action === 'verify', version: item.event.version },
          callbacks(item, action),
        );
        break;
      case 'acceptChange':
        acceptChange.mutate({ eventId, version: item.event.version }, callbacks(item, action, done));
        break;
      case 'rejectChange':
        rejectChange.reset();
        setAsking({ item, action, initialReason: takeKeptReason(userId, eventId, action), done });
        break;
      case 'cancelEvent':
      case 'postpone':
      case 'reinstate':
        schedule.reset();
        // Cancel, Postpone, Going Ahead: the event stays listed, and selected.
        setAsking({ item, action, initialReason: null, done: () => {} });
        break;
    }
  };

  /** The confirmed action, with the moderator's reason (or note); errors stay in the dialog. */
  const onConfirm = (reason: string) => {
    if (!asking) return;
    const { item, action, done } = asking;
    const eventId = item.event.id;
    if (!isReasonAction(action)) {
      // From the version the moderator saw: if the event changed since, nothing is changed (409).
      schedule.mutate(
        { eventId, schedule: SCHEDULES[action], note: reason || undefined, version: item.event.version },
        {
          onSuccess: () => {
            setAsking(null);
            setFeedback({ tone: 'success', text: t(`done.${action}`, { title: item.event.title }) });
          },
        },
      );
      return;
    }
    // Kept until the server has answered: if it refuses because the session ended or the role was
    // taken away, this dashboard is replaced by the signed-out or not-a-moderator page (and these
    // callbacks never run), and the reason waits in this tab for the moderator's return.
    keepReason({ userId, eventId, title: item.event.title, action, reason });
    const callbacks = {
      onSuccess: () => {
        setAsking(null);
        setFeedback({ tone: 'success', text: t(`done.${action}`, { title: item.event.title }) });
        done();
      },
      // Someone else decided it first: the next event is selected once the list no longer holds it.
      onError: (error: unknown) => {
        if (actionErrorOf(error, '', tm).final) done();
      },
      onSettled: (_data: unknown, error: unknown) => {
        if (!isAccessLost(error)) forgetReason();
      },
    };
    if (action === 'reject') reject.mutate({ eventId, reason }, callbacks);
    else if (action === 'rejectChange') {
      rejectChange.mutate({ eventId, version: item.event.version, reason }, callbacks);
    } else remove.mutate({ eventId, reason, pastEvent: action === 'removePast' }, callbacks);
  };
  const panelActions: PanelActions = {
    busyIds,
    onAction,
    onHelp: () => setHelpOpen(true),
    onReport: (tone, text) => {
      setFeedback({ tone, text });
      refocus();
    },
  };
  const asked =
    asking === null
      ? remove
      : !isReasonAction(asking.action)
        ? schedule
        : asking.action === 'reject'
          ? reject
          : asking.action === 'rejectChange'
            ? rejectChange
            : remove;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      {/* On a phone, the queue comes first: the intro is for screen readers there, the keys' list is not offered. */}
      <PageHeader title={t('title')} intro={t('intro')} introOnPhones={false}>
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
      </PageHeader>

      <ActionFeedback feedback={feedback} onDismiss={() => setFeedback(null)} />

      <div className="mt-4 flex flex-wrap items-start justify-between gap-2 sm:mt-6 sm:gap-3">
        <QueueHealth counts={counts.data} />
        <div className="flex flex-wrap gap-2">
          <PresetReasonsButton onClick={() => setPresetsOpen(true)} />
          <span className="max-sm:hidden">
            <ShortcutsButton onClick={() => setHelpOpen(true)} />
          </span>
        </div>
      </div>
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <PresetReasonsDialog
        open={presetsOpen}
        onOpenChange={setPresetsOpen}
        presets={presets.data?.items ?? []}
      />

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ModerationTab)} dir={dir} className="mt-4">
        <Tabs.List
          ref={tabsRef}
          aria-label={t('tabsLabel')}
          className="grid grid-cols-3 gap-1 border-b border-stone-200 sm:flex dark:border-stone-800"
        >
          {MODERATION_TABS.map((name) => (
            <Tabs.Trigger
              key={name}
              value={name}
              className="-mb-px inline-flex flex-wrap items-center justify-center gap-y-1 border-b-2 border-transparent px-2 py-2.5 text-center text-sm font-medium text-stone-700 sm:flex-nowrap sm:px-4 sm:whitespace-nowrap hover:text-stone-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 dark:text-stone-300 dark:hover:text-stone-50 dark:data-[state=active]:border-brand-100 dark:data-[state=active]:text-brand-50"
            >
              {t(`tabs.${name}`)}
              <TabCount tab={name} count={counts.data?.[name]} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MODERATION_TABS.map((name) => (
          // No focus stop of its own (Radix gives the panel tabIndex 0): every panel starts with a
          // control (the order, the search, a card), and an empty one holds only a message.
          <Tabs.Content key={name} value={name} tabIndex={-1} className="pt-6 outline-none">
            <ModerationTabPanel tab={name} actions={panelActions} sort={sort} onSort={onSort} />
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <ReasonDialog
        action={asking?.action ?? 'reject'}
        title={asking?.item.event.title ?? ''}
        open={asking !== null}
        busy={asked.isPending}
        error={asked.error ? actionErrorOf(asked.error, t('unknownError'), tm) : null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        onConfirm={onConfirm}
        fallbackFocus={focusAfterDialog}
        initialReason={asking?.initialReason ?? null}
        presets={presets.data?.items}
      />
    </div>
  );
}

/**
 * The signed-out and not-a-moderator states. When they replace the dashboard (the session ended or
 * the role was taken away while it was open), focus moves to them (the button that had it is gone),
 * and a reason the server refused is mentioned as kept.
 */
function AccessState({ replacedDashboard, children }: { replacedDashboard: boolean; children: ReactNode }) {
  const { t } = useTranslation('moderation');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (replacedDashboard) ref.current?.focus();
  }, [replacedDashboard]);
  const kept = keptReason();
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {children}
      {kept ? (
        <div className="mx-auto -mt-6 max-w-md px-4 pb-12" data-testid="kept-reason">
          <Notice tone="warning">{t(`keptReason.${kept.action}`, { title: kept.title })}</Notice>
        </div>
      ) : null}
    </div>
  );
}

/** /moderation: its states in order (docs/PRODUCT.md#moderation-dashboard), then the dashboard for moderators. */
export default function ModerationPage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  const shownDashboard = useRef(false);
  if (session.isPending) return <Spinner label={t('loading')} className="py-24" />;
  const user = session.data?.user ?? null;
  if (!user) {
    return (
      <AccessState replacedDashboard={shownDashboard.current}>
        <StateMessage
          headingLevel={1}
          icon={<Lock aria-hidden="true" className="size-10" />}
          title={t('accessDenied.title')}
          text={t('accessDenied.text')}
          action={<SignInButton>{t('accessDenied.signIn')}</SignInButton>}
        />
      </AccessState>
    );
  }
  if (!session.data?.can.moderate) {
    return (
      <AccessState replacedDashboard={shownDashboard.current}>
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
      </AccessState>
    );
  }
  shownDashboard.current = true;
  return <Dashboard userId={user.id} email={user.email} role={user.role} />;
}
