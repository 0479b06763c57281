import {
  ArrowLeft,
  BadgeCheck,
  CalendarDays,
  CircleAlert,
  ExternalLink,
  EyeOff,
  MapPin,
  RotateCcw,
  SearchX,
  UsersRound,
} from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatLongDate } from '../../../../common/dates';
import { filtersFromParams, filtersToSearch } from '../../../../common/filters';
import { eventPageUrl, isHttpUrl } from '../../../../common/links';
import type { EventDto } from '../../../../common/schemas/events';
import { browserTimeZone } from '../../../../common/timezones';
import { EventTypeBadge, PastBadge, VerifiedBadge } from '../../../components/EventBadges';
import { Button, ButtonLink, buttonClass } from '../../../components/ui/Button';
import { Card, SkeletonBlock } from '../../../components/ui/Card';
import { Notice, StateMessage } from '../../../components/ui/Notice';
import type { ServerLocationState } from '../../../entry-server';
import { config } from '../../../lib/config';
import { useSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/useHydrated';
import { AddToCalendar } from '../../calendar/components/AddToCalendar';
import { LazyAddToCalendar } from '../../calendar/components/LazyAddToCalendar';
import { isNotFound, useEvent } from '../api/events';
import { eventDateParts } from '../lib/eventDate';
import { EventDate } from './EventDate';
import { ReportButton, ReportSignedOutNotice } from './ReportDialog';
import { ShareButton } from './ShareButton';

interface BackTarget {
  to: string;
  /** True when the previous history entry is that home view, so going back also restores its scroll. */
  cameFromHome: boolean;
}

/** The home view (`/` or `/?filters`, only valid filters kept) that a landing query names. */
function homeView(query: string): string {
  return `/${filtersToSearch(filtersFromParams(new URLSearchParams(query)))}`;
}

/**
 * The home view this page was loaded from, as the server saw it: the query of the request's Referer
 * when that is this site's own home page (server/html/pages.ts checks it and hands it to the render
 * through the router's location state), and in the browser the same from `document.referrer`. Null
 * for any other referrer. This is what a page read without JavaScript links back to.
 */
function landingHomeView(state: unknown): string | null {
  if (typeof document === 'undefined') {
    const query = (state as Partial<ServerLocationState> | null)?.homeViewQuery;
    return typeof query === 'string' ? homeView(query) : null;
  }
  let from: URL;
  try {
    from = new URL(document.referrer);
  } catch {
    return null;
  }
  return from.origin === window.location.origin && from.pathname === '/' && from.search !== ''
    ? homeView(from.search)
    : null;
}

/**
 * Where "Back to Events" leads: the home view the visitor came from (with its filters), else home.
 * Until the page has hydrated (and on the server), only the landing Referer counts, so the server's
 * link and the hydrating one agree; after, a home view that left its address in history state comes
 * first (a click there goes back in history), then the landing Referer while this is still the page
 * the browser loaded (a new tab opened from a filtered list), then home.
 */
function useBackTarget(): BackTarget {
  const location = useLocation();
  const hydrated = useHydrated();
  const state = location.state as { backTo?: unknown } | null;
  const landing = useMemo(() => landingHomeView(state), [state]);
  if (hydrated) {
    const backTo = state?.backTo;
    // Only an address on this site's home page: never follow state to somewhere else.
    if (typeof backTo === 'string' && (backTo === '/' || backTo.startsWith('/?'))) {
      return { to: backTo, cameFromHome: true };
    }
    // React Router's first location (the page as loaded, with no history state) is keyed 'default'.
    return { to: (location.key === 'default' ? landing : null) ?? '/', cameFromHome: false };
  }
  return { to: landing ?? '/', cameFromHome: false };
}

function BackLink({ target }: { target: BackTarget }) {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A plain click goes back in history (same list, same place in it); a new tab gets the address.
    if (!target.cameFromHome || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(-1);
  };
  return (
    <Link
      to={target.to}
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md py-1 text-sm font-medium text-stone-700 hover:text-brand-700 hover:underline dark:text-stone-300 dark:hover:text-brand-100"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('detail.back')}
    </Link>
  );
}

/** One term of the details list; the icon sits in the term so <dl> keeps only <div><dt><dd> groups. */
function DetailRow({
  icon,
  label,
  children,
  className = '',
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`relative min-h-10 ps-12 ${className}`}>
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
        <span className="absolute start-0 top-0.5 flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/50 dark:text-brand-100">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-stone-800 dark:text-stone-100">{children}</dd>
    </div>
  );
}

function StatusBanner({ event }: { event: EventDto }) {
  const { t } = useTranslation('events');
  if (event.status === 'approved') return null;
  return (
    <Notice tone="warning" className="mt-4 flex gap-3">
      <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        <strong className="block font-semibold">{t(`detail.status.${event.status}`)}</strong>
        {event.submittedByViewer ? t('detail.status.onlyYou') : t('detail.status.onlyModerators')}
      </span>
    </Notice>
  );
}

function EventDetail({ event, loadedAt }: { event: EventDto; loadedAt: number }) {
  const { t } = useTranslation('events');
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const [reported, setReported] = useState(false);
  // A report was refused because the session had ended: once the session says signed out, say so.
  const [reportSessionEnded, setReportSessionEnded] = useState(false);
  const hydrated = useHydrated();
  const viewerZone = useMemo(() => browserTimeZone(), []);
  // "Now" for the Past Event tag and the relative hint: when this event arrived (the server's render
  // and the browser's hydration of it agree on that moment).
  const parts = eventDateParts(event.date, event.timezone, viewerZone, new Date(loadedAt));
  // The day it was submitted, on the viewer's calendar once known (the server renders the event's).
  const submittedZone = hydrated ? viewerZone : event.timezone;
  const pageUrl = typeof window === 'undefined' ? '' : eventPageUrl(window.location.origin, event.id);

  return (
    <>
      <StatusBanner event={event} />
      {reported ? (
        <Notice tone="success" className="mt-4">
          {t('detail.reported')}
        </Notice>
      ) : null}
      {reportSessionEnded && !signedIn && session.isSuccess ? <ReportSignedOutNotice /> : null}

      <Card className="mt-4 p-5 sm:p-8">
        <article aria-labelledby="event-title">
          <div className="flex flex-wrap items-center gap-2">
            <EventTypeBadge type={event.type} />
            {event.verified ? <VerifiedBadge label={t('detail.verified')} /> : null}
            {parts.past ? <PastBadge label={t('detail.past')} /> : null}
          </div>

          <h1
            id="event-title"
            className="mt-4 text-2xl leading-tight font-bold tracking-tight text-balance break-words text-stone-950 sm:text-4xl dark:text-white"
          >
            {event.title}
          </h1>

          <div className="mt-5 flex flex-wrap items-center gap-3">
            {/* The menu needs the browser (its links use the page's address): the server renders a
                same-looking link to the event's .ics file, which the menu replaces once hydrated. */}
            {hydrated ? <AddToCalendar event={event} /> : <LazyAddToCalendar event={event} />}
            {/* Sharing needs JavaScript: no dead button in the server's page (read without it too). It
                comes after the calendar link so that nothing moves when it appears. Someone signed in
                has run the app (signing in needs it), so their page has it from the start. */}
            {hydrated || signedIn ? <ShareButton title={event.title} url={pageUrl} /> : null}
            {signedIn ? (
              <ReportButton
                eventId={event.id}
                onReported={() => setReported(true)}
                onSessionEnded={() => setReportSessionEnded(true)}
              />
            ) : null}
          </div>

          <dl className="mt-7 grid gap-5 sm:grid-cols-2">
            <DetailRow
              className="sm:col-span-2"
              icon={<CalendarDays aria-hidden="true" className="size-5" />}
              label={t('detail.dateTime')}
            >
              <EventDate iso={event.date} parts={parts} showViewerTime />
            </DetailRow>
            <DetailRow icon={<MapPin aria-hidden="true" className="size-5" />} label={t('detail.location')}>
              <span data-testid="event-location">
                {event.location.city}, {event.location.country}
              </span>
            </DetailRow>
            {event.organizer ? (
              <DetailRow
                icon={<UsersRound aria-hidden="true" className="size-5" />}
                label={t('detail.organizedBy')}
              >
                <span data-testid="event-organizer">{event.organizer}</span>
              </DetailRow>
            ) : null}
          </dl>

          {isHttpUrl(event.sourceLink) ? (
            <div className="mt-7 rounded-xl bg-stone-50 p-4 sm:flex sm:items-center sm:gap-4 dark:bg-stone-950/60">
              <a
                href={event.sourceLink}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('primary', 'md', 'w-full sm:w-auto')}
              >
                {t('detail.viewSource')}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
              <p className="mt-3 text-sm text-stone-600 sm:mt-0 dark:text-stone-300">
                {t('detail.sourceHint')}
              </p>
            </div>
          ) : null}

          <section
            aria-labelledby="about-title"
            className="mt-8 border-t border-stone-200 pt-7 dark:border-stone-800"
          >
            <h2 id="about-title" className="text-lg font-semibold text-stone-900 dark:text-white">
              {t('detail.about')}
            </h2>
            {/* Plain text with its line breaks kept; never HTML. */}
            <p
              data-testid="event-description"
              className="mt-3 leading-relaxed break-words whitespace-pre-line text-stone-700 dark:text-stone-300"
            >
              {event.description}
            </p>
          </section>

          <footer className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-2 border-t border-stone-200 pt-5 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
            <p>{t('detail.submittedOn', { date: formatLongDate(event.createdAt, submittedZone) })}</p>
            {event.verified ? (
              <p className="inline-flex items-center gap-1.5 font-medium text-brand-700 dark:text-brand-100">
                <BadgeCheck aria-hidden="true" className="size-4" />
                {t('detail.verifiedBy')}
              </p>
            ) : null}
          </footer>
        </article>
      </Card>
    </>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('events');
  return (
    <div role="status" aria-label={t('detail.loading')}>
      <Card className="mt-4 p-5 sm:p-8" aria-hidden="true">
        <div className="flex gap-2">
          <SkeletonBlock className="h-5 w-24 rounded-full" />
          <SkeletonBlock className="h-5 w-28 rounded-full" />
        </div>
        <SkeletonBlock className="mt-5 h-9 w-4/5" />
        <SkeletonBlock className="mt-5 h-8 w-24 rounded-lg" />
        <div className="mt-8 grid gap-5 sm:grid-cols-2">
          <SkeletonBlock className="h-10 w-full sm:col-span-2" />
          <SkeletonBlock className="h-10 w-3/4" />
          <SkeletonBlock className="h-10 w-2/3" />
        </div>
        <SkeletonBlock className="mt-8 h-16 w-full rounded-xl" />
        <SkeletonBlock className="mt-8 h-5 w-40" />
        <SkeletonBlock className="mt-4 h-4 w-full" />
        <SkeletonBlock className="mt-2 h-4 w-11/12" />
        <SkeletonBlock className="mt-2 h-4 w-3/4" />
      </Card>
    </div>
  );
}

export default function EventDetailPage() {
  const { t } = useTranslation('events');
  const { id = '' } = useParams();
  const query = useEvent(id);
  const backTo = useBackTarget();
  // A 404 wins over the event still cached: once a refetch (after an action found the event gone)
  // says it is gone, the page says so too instead of showing it as live.
  const notFound = query.isError && isNotFound(query.error);
  const event = notFound ? undefined : query.data;
  const notFoundRef = useRef<HTMLDivElement>(null);
  const shownEvent = useRef(false);
  if (event) shownEvent.current = true;

  // The event left while it was shown: its buttons (and the focus on one) went with it, so focus
  // moves to what replaced them, which is read out.
  useEffect(() => {
    if (notFound && shownEvent.current) notFoundRef.current?.focus();
  }, [notFound]);

  useEffect(() => {
    const previous = document.title;
    if (event) document.title = event.title;
    else if (notFound) document.title = t('detail.notFoundTitle');
    return () => {
      document.title = previous === '' ? config.siteTitle : previous;
    };
  }, [event, notFound, t]);

  let content: ReactNode;
  if (event) {
    content = <EventDetail event={event} loadedAt={query.dataUpdatedAt || Date.now()} />;
  } else if (notFound) {
    content = (
      <div ref={notFoundRef} tabIndex={-1} className="outline-none">
        <StateMessage
          headingLevel={1}
          icon={<SearchX aria-hidden="true" className="size-12" />}
          title={t('detail.notFoundTitle')}
          text={t('detail.notFoundText')}
          action={
            <ButtonLink to={backTo.to}>
              <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
              {t('detail.back')}
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
          title={t('detail.errorTitle')}
          text={t('detail.errorText')}
          action={
            <Button onClick={() => query.refetch()} disabled={query.isFetching}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('detail.tryAgain')}
            </Button>
          }
        />
      </div>
    );
  } else {
    content = <DetailSkeleton />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {notFound ? null : <BackLink target={backTo} />}
      {content}
    </div>
  );
}
