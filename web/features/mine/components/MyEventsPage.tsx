import { CalendarPlus } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { formatLongDate } from '../../../../common/dateLabels';
import { formatEventRange, sameOffset } from '../../../../common/dates';
import { phaseOf } from '../../../../common/eventTime';
import { eventPagePath } from '../../../../common/links';
import type { EventDto } from '../../../../common/schemas/events';
import { browserTimeZone } from '../../../../common/timezones';
import { EventTypeBadge, OnlineBadge, PastBadge } from '../../../components/EventBadges';
import { SignInRequired } from '../../../components/PageStates';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, Placeholders, SkeletonBlock, SkeletonLines } from '../../../components/ui/Card';
import { LoadFailed, Notice, StateMessage } from '../../../components/ui/Notice';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, pagerLabels, usePageCount } from '../../../components/ui/Pager';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useZoneName } from '../../../lib/useZoneName';
import { zoneLabel } from '../../../lib/zoneLabel';
import mineCatalog from '../../../locales/en/mine.json';
import { useMyEvents } from '../api/mine';
import type { OwnerAction } from './ActionDialog';
import { OwnerActions } from './OwnerActions';
import { ReviewNotes } from './ReviewNotes';
import { SeriesDates } from './SeriesDates';

addCatalog('mine', mineCatalog);

/** The status an organiser reads: the review's outcome, or Cancelled / Postponed once published. */
function statusOf(event: EventDto): { key: string; tone: BadgeTone } {
  if (event.status === 'approved') {
    if (event.schedule !== 'scheduled') return { key: event.schedule, tone: 'strong' };
    return { key: 'approved', tone: 'verified' };
  }
  if (event.status === 'pending') return { key: 'pending', tone: 'warning' };
  if (event.status === 'rejected' || event.status === 'removed') return { key: event.status, tone: 'danger' };
  return { key: event.status, tone: 'neutral' };
}

function MyEventRow({ event, onDone }: { event: EventDto; onDone: (action: OwnerAction) => void }) {
  const { t, i18n } = useTranslation('mine');
  const locale = localeOfI18n(i18n);
  const status = statusOf(event);
  const titleId = `my-event-${event.id}`;
  // In the event's own zone, named when the viewer's clock differs (as on its card and its page).
  const zone = useZoneName(
    sameOffset(event.date, event.timezone, browserTimeZone())
      ? null
      : { zone: event.timezone, instant: event.date, city: event.location.city, locale },
  );
  return (
    <Card className="p-4 sm:p-5" data-testid="my-event">
      <article aria-labelledby={titleId} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{t(`status.${status.key}`)}</Badge>
          <EventTypeBadge type={event.type} />
          {/* As on its card: over, and online. */}
          {phaseOf(event, Date.now()) === 'past' ? <PastBadge label={t('events:card.past')} /> : null}
          {event.attendance !== 'in_person' ? <OnlineBadge /> : null}
        </div>
        <div>
          <h2 id={titleId} className="text-lg leading-snug font-semibold wrap-anywhere">
            <Link
              to={eventPagePath(event.id)}
              dir="auto"
              className="text-stone-900 underline-offset-2 hover:underline dark:text-stone-50"
            >
              {event.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            {formatEventRange(event.date, event.endDate, event.timezone, { locale })}
            {zone ? (
              <>
                {' · '}
                <span data-testid="my-event-zone">{zoneLabel(t, zone)}</span>
              </>
            ) : null}
            {event.location.city ? (
              <>
                {' · '}
                <span dir="auto">{event.location.city}</span>
              </>
            ) : null}
          </p>
          <p className="mt-0.5 text-xs text-stone-600 dark:text-stone-400">
            {t('review.submittedOn', { date: formatLongDate(event.createdAt, undefined, locale) })}
          </p>
        </div>
        <ReviewNotes event={event} />
        <SeriesDates event={event} />
        {/* A series' card stands for all its dates: each date is postponed or cancelled in its list. */}
        <OwnerActions event={event} onDone={onDone} scheduleActions={!event.series} />
      </article>
    </Card>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('mine');
  return (
    <div role="status" aria-label={t('loading')} className="space-y-4">
      <Placeholders count={3}>
        <Card className="p-5" aria-hidden="true">
          <SkeletonBlock className="h-5 w-28 rounded-full" />
          <SkeletonBlock className="mt-3 h-6 w-3/4" />
          <SkeletonLines className="mt-3 space-y-2" widths={['w-1/2', 'w-1/3']} />
        </Card>
      </Placeholders>
    </div>
  );
}

/** /my-events (docs/PRODUCT.md#my-events): the signed-in person's own events and their actions. */
export default function MyEventsPage() {
  const { t } = useTranslation('mine');
  const session = useSession();
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<OwnerAction | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const signedIn = Boolean(session.data?.user);
  const list = useMyEvents(page);
  const pages = usePageCount(list.data, page, setPage);
  useDocumentTitle(t('pageTitle'));

  let content: ReactNode;
  if (session.isPending) {
    content = <Spinner label={t('checking')} className="py-24" />;
  } else if (!signedIn) {
    content = (
      <SignInRequired
        title={t('signInRequired.title')}
        text={t('signInRequired.text')}
        action={t('signInRequired.action')}
      />
    );
  } else {
    let body: ReactNode;
    if (list.isError && !list.data) {
      body = (
        <LoadFailed message={t('loadFailed')} retryLabel={t('tryAgain')} onRetry={() => list.refetch()} />
      );
    } else if (!list.data) {
      body = <ListSkeleton />;
    } else if (list.data.total === 0) {
      body = (
        <StateMessage
          icon={<CalendarPlus aria-hidden="true" className="size-12" />}
          title={t('empty.title')}
          text={t('empty.text')}
          action={<ButtonLink to="/submit">{t('empty.action')}</ButtonLink>}
        />
      );
    } else {
      body = (
        <>
          <div
            ref={listRef}
            tabIndex={-1}
            className={`scroll-mt-24 space-y-4 outline-none ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {list.data.events.map((event) => (
              <MyEventRow key={event.id} event={event} onDone={setDone} />
            ))}
          </div>
          <Pager
            className="mt-6"
            page={page}
            pages={pages}
            labels={pagerLabels(t, page, pages)}
            onPageChange={setPage}
            listRef={listRef}
          />
        </>
      );
    }
    content = (
      <>
        <PageHeader title={t('heading')} intro={t('intro')} />
        {done ? (
          <Notice tone="success" className="mt-6">
            {t(`done.${done}`)}
          </Notice>
        ) : null}
        <div className="mt-6">{body}</div>
      </>
    );
  }
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">{content}</div>;
}
