import { Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../common/limits';
import type { ModerationItem, ModerationTab } from '../../../../common/schemas/moderation';
import { Button } from '../../../components/ui/Button';
import { Placeholders, SkeletonBadges, SkeletonBlock, SkeletonLines } from '../../../components/ui/Card';
import { LoadFailed, StateMessage } from '../../../components/ui/Notice';
import { Pager, pagerLabels, usePageCount } from '../../../components/ui/Pager';
import { Spinner } from '../../../components/ui/Spinner';
import { isAccessLost } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useModerationEvents } from '../api/events';
import { EventDetailPanel } from './EventDetailPanel';
import { type ModerationActionName, ModerationCard } from './ModerationCard';

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
  onAction: (item: ModerationItem, action: ModerationActionName) => void;
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

/** One tab: All Events' search above; the list (left) and the detail panel (right), stacked on small screens. */
export function ModerationTabPanel({ tab, actions }: { tab: ModerationTab; actions: PanelActions }) {
  const [search, setSearch] = useState('');
  return (
    <>
      {tab === 'approved' ? <SearchForm search={search} onSearch={setSearch} /> : null}
      {/* A new search starts from its first page, nothing selected. */}
      <TabList key={search} tab={tab} search={search} actions={actions} />
    </>
  );
}

function TabList({ tab, search, actions }: { tab: ModerationTab; search: string; actions: PanelActions }) {
  const { t } = useTranslation('moderation');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const query = useModerationEvents(tab, page, search);
  const session = useSession();
  const items = query.data?.items ?? [];
  // An action can empty the last page: it then steps back rather than show an empty page.
  const pages = usePageCount(query.data, page, setPage);
  const selected = items.find((i) => i.event.id === selectedId) ?? null;
  const now = new Date();

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
  if (items.length === 0 && page === 1) {
    if (search) return <StateMessage title={t('search.none', { search })} />;
    return <StateMessage title={t(`empty.${tab}.title`)} text={t(`empty.${tab}.text`)} />;
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-4">
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
                busy={actions.busyIds.has(item.event.id)}
                onToggle={() => setSelectedId((id) => (id === item.event.id ? null : item.event.id))}
                onAction={(action) => actions.onAction(item, action)}
              />
              {item.event.id === selectedId ? (
                // Small screens: the details open right under the card rather than below the whole list.
                <div className="mt-3 lg:hidden">
                  <EventDetailPanel item={item} />
                </div>
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
      <aside
        aria-label={t('detail.label')}
        className={`lg:sticky lg:top-4 ${selected ? 'hidden lg:block' : ''}`}
      >
        <EventDetailPanel item={selected} />
      </aside>
    </div>
  );
}
