import { ArrowLeft, CircleAlert, RotateCcw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { NotFoundState } from '../../components/PageStates';
import { Button, ButtonLink } from '../../components/ui/Button';
import { StateMessage } from '../../components/ui/Notice';
import { AddToCalendar } from '../../features/calendar/components/AddToCalendar';
import { LazyAddToCalendar } from '../../features/calendar/components/LazyAddToCalendar';
import { useEvent } from '../../features/events/api/event';
import { BackLink, useBackTarget } from '../../features/events/components/BackLink';
import { EventDetail, EventDetailSkeleton } from '../../features/events/components/EventDetail';
import { useTranslation } from '../../i18n/react';
import { isNotFound } from '../../lib/api';
import { config } from '../../lib/config';
import { useParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useHydrated } from '../../lib/useHydrated';

// Only its submitter and the moderators get it, after hydration: visitors load none of its code.
const OwnerPanel = lazy(() => import('../../features/mine/components/OwnerPanel'));

/**
 * `/event/:id`: one event (the events feature) with its "Add to calendar" menu (the calendar feature),
 * or its not-found or error state. Rendered on the server too (common/renderedPages.ts).
 */
export default function EventDetailPage() {
  const { t } = useTranslation('event');
  const { id = '' } = useParams();
  const query = useEvent(id);
  const backTo = useBackTarget();
  const hydrated = useHydrated();
  // A 404 wins over the event still cached: once a refetch (after an action found the event gone)
  // says it is gone, the page says so too instead of showing it as live. A page the server rendered
  // for an event that is not there starts with null (web/entry-server.tsx).
  const notFound = (query.isError && isNotFound(query.error)) || query.data === null;
  const event = notFound ? undefined : query.data;
  const notFoundRef = useRef<HTMLDivElement>(null);
  const shownEvent = useRef(false);
  if (event) shownEvent.current = true;

  // The event left while it was shown: its buttons (and the focus on one) went with it, so focus
  // moves to what replaced them, which is read out.
  useEffect(() => {
    if (notFound && shownEvent.current) notFoundRef.current?.focus();
  }, [notFound]);

  // As the server names the tab (routes/calendar/eventFiles.ts): the event, or that it is not found,
  // then the site; the site alone while it loads.
  useDocumentTitle(event ? event.title : notFound ? t('notFoundTitle') : config.siteTitle, {
    alone: !event && !notFound,
  });

  let content: ReactNode;
  if (event) {
    content = (
      <EventDetail
        event={event}
        loadedAt={query.dataUpdatedAt || Date.now()}
        calendarButton={
          // Not for an event that will not take place as listed (rejected, removed, withdrawn): only
          // its submitter and the moderators see its page. A pending one may go in their calendar.
          event.status !== 'approved' && event.status !== 'pending' ? null : hydrated ? (
            // The menu needs the browser (its links use the page's address): the server renders a
            // same-looking link to the event's .ics file, which the menu replaces once hydrated.
            <AddToCalendar event={event} />
          ) : (
            <LazyAddToCalendar event={event} />
          )
        }
        ownerPanel={
          hydrated && (event.submittedByViewer || event.can.edit || event.can.schedule) ? (
            <Suspense fallback={null}>
              <OwnerPanel event={event} />
            </Suspense>
          ) : null
        }
      />
    );
  } else if (notFound) {
    content = (
      <div ref={notFoundRef} tabIndex={-1} className="outline-none">
        <NotFoundState
          title={t('notFoundTitle')}
          text={t('notFoundText')}
          action={
            <ButtonLink to={backTo.to}>
              <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
              {t('back')}
            </ButtonLink>
          }
        />
      </div>
    );
  } else if (query.isError) {
    content = (
      <div role="alert">
        <StateMessage
          headingLevel={1}
          icon={<CircleAlert aria-hidden="true" className="size-12 text-danger-600 dark:text-red-400" />}
          title={t('errorTitle')}
          text={t('errorText')}
          action={
            <Button onClick={() => query.refetch()} disabled={query.isFetching}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('tryAgain')}
            </Button>
          }
        />
      </div>
    );
  } else {
    content = <EventDetailSkeleton />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {notFound ? null : <BackLink target={backTo} />}
      {content}
    </div>
  );
}
