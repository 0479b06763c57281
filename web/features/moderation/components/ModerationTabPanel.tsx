import { ChevronDown, ChevronUp, Search } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../../common/limits';
import type { ModerationItem, ModerationTab, PendingSort } from '../../../../common/schemas/moderation';
import { Button } from '../../../components/ui/Button';
import { Placeholders, SkeletonBadges, SkeletonBlock, SkeletonLines } from '../../../components/ui/Card';
import { LoadFailed, StateMessage } from '../../../components/ui/Notice';
import { Pager, pagerLabels, usePageCount } from '../../../components/ui/Pager';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../i18n/react';
import { isAccessLost } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useDecidedHereIds } from '../api/actions';
import { useModerationCounts } from '../api/counts';
import { useModerationEvents } from '../api/events';
import { useBulkSelection, useClaimSelected } from '../lib/queueSelection';
import {
  actionForKey,
  isHelpKey,
  NEXT_KEY,
  PREVIOUS_KEY,
  shortcutLetter,
  shortcutsOff,
} from '../lib/shortcuts';
import { BulkBar, type FeedbackTone } from './BulkBar';
import { EventDetailPanel } from './EventDetailPanel';
import { ModerationActions } from './ModerationActions';
import { actionsFor, type ModerationActionName, ModerationCard } from './ModerationCard';
import { ClaimNotice, EventNotes, PersonPanel, UnreviewedCheck } from './NotesPanel';
import { QueueCardExtras, UnreviewedFilter } from './QueueCardExtras';

function SkeletonCard() {
  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
      <SkeletonBadges widths={['w-24', 'w-20']} />
      <SkeletonBlock className="h-6 w-3/4" />
      <SkeletonLines className="space-y-3" widths={['w-1/2', 'w-1/3']} />
    </div>
  );
}

export interface PanelActions {
  busyIds: Set<string>;
  /** `done` runs once the action succeeded and took the event off this list: the next one is selected. */
  onAction: (item: ModerationItem, action: ModerationActionName, done: () => void) => void;
  /** The `?` key: the dialog listing the keys. */
  onHelp: () => void;
  /** Say what a bulk decision or a check did, where the page reports its actions. */
  onReport: (tone: FeedbackTone, text: string) => void;
}

/** All Events' search: the words go to the server, which finds them as the home page's search does. */
function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('moderation');
  const [draft, setDraft] = useState(search);
  const id = useId();
  return (
    <search>
      <form
        className="mb-5 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(draft.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-900 dark:text-stone-100">
            {t('search.label')}
          </label>
          <input
            id={id}
            type="search"
            value={draft}
            maxLength={LIMITS.searchMax}
            placeholder={t('search.placeholder')}
            onChange={(e) => setDraft(e.target.value)}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          {t('search.submit')}
        </Button>
        {search ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            {t('search.clear')}
          </Button>
        ) : null}
      </form>
    </search>
  );
}

/** The Pending tab's order: a control in the queue's header, kept in the address (`?sort=submitted`). */
function SortControl({ sort, onSort }: { sort: PendingSort; onSort: (sort: PendingSort) => void }) {
  const { t } = useTranslation('moderation');
  const id = useId();
  return (
    <div className="mb-5 flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-stone-900 dark:text-stone-100">
        {t('sort.label')}
      </label>
      <select
        id={id}
        value={sort}
        onChange={(e) => onSort(e.target.value === 'submitted' ? 'submitted' : 'soonest')}
        className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
      >
        <option value="soonest">{t('sort.soonest')}</option>
        <option value="submitted">{t('sort.submitted')}</option>
      </select>
    </div>
  );
}

/** One tab: All Events' search or Pending's order above; the list (left) and the detail panel (right), stacked on small screens. */
export function ModerationTabPanel({
  tab,
  actions,
  sort,
  onSort,
}: {
  tab: ModerationTab;
  actions: PanelActions;
  sort: PendingSort;
  onSort: (sort: PendingSort) => void;
}) {
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<'all' | 'unreviewed'>('all');
  const counts = useModerationCounts();
  const order = tab === 'pending' ? sort : 'soonest';
  const shown = tab === 'approved' ? show : 'all';
  return (
    <>
      {tab === 'approved' ? <SearchForm search={search} onSearch={setSearch} /> : null}
      {tab === 'approved' ? (
        <UnreviewedFilter
          on={show === 'unreviewed'}
          count={counts.data?.unreviewed ?? 0}
          onChange={(on) => setShow(on ? 'unreviewed' : 'all')}
        />
      ) : null}
      {tab === 'pending' ? <SortControl sort={sort} onSort={onSort} /> : null}
      {/* A new search or order starts from its first page, nothing selected. */}
      <TabList
        key={`${search}/${order}/${shown}`}
        tab={tab}
        search={search}
        sort={order}
        show={shown}
        actions={actions}
      />
    </>
  );
}

/** The card button of an event in the list shown (phones and desktops list the same cards). */
const cardButton = (list: HTMLElement | null, id: string) =>
  list?.querySelector<HTMLElement>(`button[data-event-id="${CSS.escape(id)}"]`) ?? null;

/**
 * The details beside the list (wide screens) from their top, the event's title and decisions, for each
 * event selected: scrolled to their own top, and the page scrolled back as far as needed when a card low
 * in the list left them pushed up under the header (a sticky box cannot pass the end of the list).
 */
function showDetailsTop(aside: HTMLElement | null) {
  if (!aside || aside.offsetParent === null) return;
  aside.scrollTop = 0;
  const stickyTop = Number.parseFloat(getComputedStyle(aside).top) || 0;
  const above = stickyTop - aside.getBoundingClientRect().top;
  if (above > 0) window.scrollBy({ top: -above });
}

/** The event of the card holding `element` (its button, checkbox or links), if it is in a card. */
const focusedCardId = (element: Element | null) =>
  element?.closest('li')?.querySelector<HTMLElement>('button[data-event-id]')?.dataset.eventId;

/**
 * Bring a newly selected card to the moderator: focus (so a screen reader says which event it is) and,
 * on a phone, where the acted card was: its top just under the sticky header, rather than the top of
 * the page. On a wide screen only as far as needed.
 */
function showCard(list: HTMLElement | null, id: string, afterAction: boolean) {
  const button = cardButton(list, id);
  if (!button) return;
  button.focus({ preventScroll: true });
  const wide = window.matchMedia('(min-width: 1024px)').matches;
  button.closest('article')?.scrollIntoView({ block: afterAction && !wide ? 'start' : 'nearest' });
}

function TabList({
  tab,
  search,
  sort,
  show,
  actions,
}: {
  tab: ModerationTab;
  search: string;
  sort: PendingSort;
  show: 'all' | 'unreviewed';
  actions: PanelActions;
}) {
  const { t } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const detailRef = useRef<HTMLElement>(null);
  const query = useModerationEvents(tab, page, search, sort, show);
  const session = useSession();
  const items = query.data?.items ?? [];
  // An action can empty the last page: it then steps back rather than show an empty page.
  const pages = usePageCount(query.data, page, setPage);
  const selected = items.find((i) => i.event.id === selectedId) ?? null;
  const now = new Date();
  useClaimSelected(selected);
  const bulk = useBulkSelection(items, selected);

  // After an action took the selected event off the list: once the refreshed list no longer holds it,
  // the event now in its place (the next one) is selected and shown where it was.
  const [advance, setAdvance] = useState<{ id: string; index: number } | null>(null);
  // The card to bring to the moderator once it is drawn selected (after an action, or J and K).
  const reveal = useRef<{ id: string; afterAction: boolean } | null>(null);
  // The selected event left the list on a refresh, and not by this page's decision (another
  // moderator's, its submitter's): the page says so, and the event in its place is selected.
  const decidedHere = useDecidedHereIds();
  const lastSelected = useRef<{ id: string; title: string; index: number; list: string } | null>(null);
  // The same list, read again (not another page, search or order, which leave the selection anyway).
  const listKey = JSON.stringify([tab, page, search, sort, show]);
  if (selected) {
    lastSelected.current = {
      id: selected.event.id,
      title: selected.event.title,
      index: items.indexOf(selected),
      list: listKey,
    };
  }
  useEffect(() => {
    const last = lastSelected.current;
    if (!last || last.id !== selectedId || last.list !== listKey || advance || query.isPlaceholderData)
      return;
    if (items.some((i) => i.event.id === last.id) || decidedHere.has(last.id)) return;
    lastSelected.current = null;
    actions.onReport('warning', t('detail.goneElsewhere', { title: last.title }));
    const next = items[Math.min(last.index, items.length - 1)];
    setSelectedId(next?.event.id ?? null);
    if (next) reveal.current = { id: next.event.id, afterAction: true };
  }, [items, selectedId, listKey, advance, query.isPlaceholderData, decidedHere, actions, t]);
  useEffect(() => {
    if (!advance || items.some((i) => i.event.id === advance.id)) return;
    setAdvance(null);
    const next = items[Math.min(advance.index, items.length - 1)];
    setSelectedId(next?.event.id ?? null);
    if (next) reveal.current = { id: next.event.id, afterAction: true };
  }, [advance, items]);
  useEffect(() => {
    const target = reveal.current;
    if (target?.id === selectedId) {
      reveal.current = null;
      showCard(listRef.current, target.id, target.afterAction);
    }
    if (selectedId) showDetailsTop(detailRef.current);
  }, [selectedId]);

  const move = useCallback(
    (step: 1 | -1) => {
      if (items.length === 0) return;
      const index = items.findIndex((i) => i.event.id === selectedId);
      const target = index === -1 ? (step === 1 ? 0 : items.length - 1) : index + step;
      const next = items[target];
      if (!next) return;
      setSelectedId(next.event.id);
      reveal.current = { id: next.event.id, afterAction: false };
    },
    [items, selectedId],
  );

  const act = useCallback(
    (item: ModerationItem, action: ModerationActionName) => {
      const index = items.findIndex((i) => i.event.id === item.event.id);
      actions.onAction(item, action, () => setAdvance({ id: item.event.id, index }));
    },
    [items, actions],
  );

  // The keys (docs/PRODUCT.md#moderation-dashboard): never while typing, in a dialog, or with a modifier.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (shortcutsOff(e)) return;
      if (isHelpKey(e.key)) {
        e.preventDefault();
        actions.onHelp();
        return;
      }
      if (e.shiftKey) return;
      const inList = listRef.current?.contains(document.activeElement) === true;
      const key = shortcutLetter(e);
      if (key === NEXT_KEY || (e.key === 'ArrowDown' && inList)) {
        e.preventDefault();
        move(1);
        return;
      }
      if (key === PREVIOUS_KEY || (e.key === 'ArrowUp' && inList)) {
        e.preventDefault();
        move(-1);
        return;
      }
      // Focus on another card than the one whose details are shown (Tab moves through the cards
      // without selecting them): an action's key shows that card's details instead of acting on an
      // event out of sight. The next press acts on it.
      const focused = inList ? focusedCardId(document.activeElement) : undefined;
      if (focused && focused !== selected?.event.id) {
        const item = items.find((i) => i.event.id === focused);
        if (!item || !actionForKey(actionsFor(item, new Date()), key)) return;
        e.preventDefault();
        setSelectedId(focused);
        reveal.current = { id: focused, afterAction: false };
        return;
      }
      if (!selected || actions.busyIds.has(selected.event.id)) return;
      const action = actionForKey(actionsFor(selected, new Date()), key);
      if (!action) return;
      e.preventDefault();
      act(selected, action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actions, move, act, selected, items]);
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {t('loadingList')}
        </p>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4" data-testid="moderation-skeletons">
            <Placeholders count={LIMITS.moderationSkeletons}>
              <SkeletonCard />
            </Placeholders>
          </div>
        </div>
      </div>
    );
  }
  // Refused (signed out, or no longer a moderator): the session is being asked again, and the page
  // will show what this person may see; no retry button meanwhile. Should the session still say
  // moderator, the error below is shown.
  if (query.isError && isAccessLost(query.error) && session.isFetching) {
    return <Spinner label={t('loading')} className="py-12" />;
  }
  if (query.isError) {
    return (
      <LoadFailed message={t('loadError')} retryLabel={t('tryAgain')} onRetry={() => void query.refetch()} />
    );
  }
  const index = selected ? items.indexOf(selected) : -1;
  const detail = (item: ModerationItem) => (
    <EventDetailPanel
      item={item}
      nav={
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="ghost"
            disabled={index <= 0}
            aria-keyshortcuts="K"
            onClick={() => move(-1)}
          >
            <ChevronUp aria-hidden="true" className="size-4" />
            {t('nav.previous')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === -1 || index >= items.length - 1}
            aria-keyshortcuts="J"
            onClick={() => move(1)}
          >
            <ChevronDown aria-hidden="true" className="size-4" />
            {t('nav.next')}
          </Button>
        </div>
      }
      notice={<ClaimNotice item={item} />}
      queue={
        <>
          <UnreviewedCheck item={item} onChecked={(text) => actions.onReport('success', text)} />
          <EventNotes eventId={item.event.id} />
          {item.submitter ? <PersonPanel userId={item.submitter.id} /> : null}
        </>
      }
      actions={
        <ModerationActions
          item={item}
          now={now}
          busy={actions.busyIds.has(item.event.id)}
          onAction={(action) => act(item, action)}
        />
      }
    />
  );

  if (items.length === 0 && page === 1) {
    if (search) return <StateMessage title={t('search.none', { search })} />;
    return <StateMessage title={t(`empty.${tab}.title`)} text={t(`empty.${tab}.text`)} />;
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-4">
        {tab === 'pending' ? (
          <BulkBar
            items={items}
            checked={bulk.checked}
            onChecked={bulk.setChecked}
            onReport={actions.onReport}
          />
        ) : null}
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={t(`listLabel.${tab}`)}
          className="scroll-mt-24 space-y-4 outline-none"
        >
          {items.map((item) => (
            <li key={item.event.id}>
              <ModerationCard
                item={item}
                now={now}
                selected={item.event.id === selectedId}
                onToggle={() => setSelectedId((id) => (id === item.event.id ? null : item.event.id))}
                extra={
                  <QueueCardExtras
                    item={item}
                    {...(tab === 'pending'
                      ? {
                          checked: bulk.checked.has(item.event.id),
                          onCheck: (on: boolean) => bulk.toggle(item.event.id, on),
                        }
                      : {})}
                  />
                }
              />
              {item.event.id === selectedId ? (
                <>
                  {/* Small screens: the details open right under the card rather than below the whole list. */}
                  <div className="mt-3 lg:hidden">{detail(item)}</div>
                  {/* Wide screens: the details are beside the list; the next Tab reaches them without
                      going through every later card (shown when focused). */}
                  <button
                    type="button"
                    onClick={() => detailRef.current?.focus()}
                    className="sr-only rounded-md text-sm font-medium text-brand-700 underline max-lg:hidden focus-visible:not-sr-only focus-visible:mt-2 focus-visible:inline-block focus-visible:px-2 focus-visible:py-1 dark:text-brand-100"
                  >
                    {t('detail.skipTo')}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pages={pages}
          className="pt-2"
          listRef={listRef}
          onPageChange={(next) => {
            setPage(next);
            setSelectedId(null);
          }}
          labels={pagerLabels(t, page, pages)}
        />
      </div>
      {/* Beside the list on a wide screen, under the sticky header, scrolling on its own when taller
          than the window, from its top (the event's title and decisions) for each event selected.
          Narrower, the selected event opens under its card, and "Select an Event" would only repeat
          what each card says. */}
      <aside
        ref={detailRef}
        tabIndex={-1}
        aria-label={t('detail.label')}
        className="hidden rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-700 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:overscroll-contain dark:focus-visible:ring-brand-100"
      >
        {selected ? detail(selected) : <EventDetailPanel item={null} />}
      </aside>
    </div>
  );
}
