import {
  Accessibility,
  BadgeCheck,
  CalendarDays,
  ExternalLink,
  EyeOff,
  Link2,
  MapPin,
  UsersRound,
} from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { formatLongDate, formatZoneName, isPlacelessZone, zoneCity } from '../../../../common/dateLabels';
import { formatEventDateTime } from '../../../../common/dates';
import { eventPageUrl, isHttpUrl } from '../../../../common/links';
import type { EventDto } from '../../../../common/schemas/events';
import { browserTimeZone } from '../../../../common/timezones';
import { EventStateBadges } from '../../../components/EventBadges';
import { EventFlyer } from '../../../components/EventFlyer';
import { LinkifiedText } from '../../../components/LinkifiedText';
import { buttonClass } from '../../../components/ui/Button';
import { Card, SkeletonBadges, SkeletonBlock, SkeletonLines } from '../../../components/ui/Card';
import { Notice } from '../../../components/ui/Notice';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { useDirection } from '../../../lib/useDirection';
import { useHydrated } from '../../../lib/useHydrated';
import { zoneLabel } from '../../../lib/zoneLabel';
import eventCatalog from '../../../locales/en/event.json';
import { eventDateParts } from '../lib/eventDate';
import { EventDate } from './EventDate';
import { DetailRow, PlaceDetails, ScheduleBanner, StatusBanner } from './EventDetailParts';
import { ReportButton, ReportSignedOutNotice } from './ReportDialog';
import { SeriesDates } from './SeriesDates';
import { ShareButton } from './ShareButton';

// The event page's words (its route, the Back link, these parts): not in the home page's first catalogs.
addCatalog('event', eventCatalog);

export interface EventDetailProps {
  event: EventDto;
  /** When the event arrived: "now" for its Past Event tag and relative hint. */
  loadedAt: number;
  /** The "Add to calendar" control (another feature's: the page puts it here). */
  calendarButton: ReactNode;
  /** For its submitter and the moderators: its review and their actions (the mine feature's). */
  ownerPanel?: ReactNode;
}

/** One event, as its page shows it: status, tags, title, actions, details, source, description. */
export function EventDetail({ event, loadedAt, calendarButton, ownerPanel }: EventDetailProps) {
  const { t, i18n } = useTranslation('event');
  const locale = localeOfI18n(i18n);
  const dir = useDirection();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const [reported, setReported] = useState(false);
  // A report was refused because the session had ended: once the session says signed out, say so.
  const [reportSessionEnded, setReportSessionEnded] = useState(false);
  const hydrated = useHydrated();
  const viewerZone = useMemo(() => browserTimeZone(), []);
  // "Now" for the Past Event tag and the relative hint: when this event arrived (the server's render
  // and the browser's hydration of it agree on that moment).
  const parts = eventDateParts(event.date, event.timezone, viewerZone, new Date(loadedAt), {
    end: event.endDate,
    withTimes: true,
    city: event.location.city,
    locale,
  });
  // The day it was submitted, on the viewer's calendar once known (the server renders the event's).
  const submittedZone = hydrated ? viewerZone : event.timezone;
  const pageUrl = typeof window === 'undefined' ? '' : eventPageUrl(window.location.origin, event.id);

  return (
    <>
      <StatusBanner event={event} />
      <ScheduleBanner event={event} />
      {ownerPanel}
      {reported ? (
        <Notice tone="success" className="mt-4">
          {t('reported')}
        </Notice>
      ) : null}
      {reportSessionEnded && !signedIn && session.isSuccess ? <ReportSignedOutNotice /> : null}

      <Card className="mt-4 p-5 sm:p-8">
        <article aria-labelledby="event-title">
          <div className="flex flex-wrap items-center gap-2">
            <EventStateBadges
              event={event}
              phase={parts.phase}
              verifiedLabel={t('verified')}
              pastLabel={t('past')}
            />
          </div>

          <h1
            id="event-title"
            dir="auto"
            className="mt-4 text-2xl leading-tight font-bold tracking-tight text-balance wrap-anywhere text-stone-950 sm:text-4xl dark:text-white"
          >
            {event.title}
          </h1>

          <div className="mt-5 flex flex-wrap items-center gap-3">
            {calendarButton}
            {/* Sharing needs JavaScript: no dead button in the server's page (read without it too). It
                comes after the calendar link so that nothing moves when it appears. Someone signed in
                has run the app (signing in needs it), so their page has it from the start. */}
            {/* Only a published event: anyone else given the link of another would find nothing. */}
            {(hydrated || signedIn) && event.status === 'approved' ? (
              <ShareButton title={event.title} url={pageUrl} />
            ) : null}
            {/* Offered when the server would take the report, or would once the address is confirmed. */}
            {signedIn && (event.can.report === true || event.can.report === 'confirm_email') ? (
              <ReportButton
                eventId={event.id}
                permission={event.can.report}
                onReported={() => setReported(true)}
                onSessionEnded={() => setReportSessionEnded(true)}
              />
            ) : null}
          </div>

          <dl className="mt-7 grid gap-5 sm:grid-cols-2">
            <DetailRow
              className="sm:col-span-2"
              icon={<CalendarDays aria-hidden="true" className="size-5" />}
              label={t('dateTime')}
            >
              <EventDate
                iso={event.date}
                parts={parts}
                showViewerTime
                calledOff={event.schedule !== 'scheduled'}
              />
              {/*
                Without JavaScript the zone is named here: beside the date it is drawn in the browser, with
                the zone names' code. The zone's own city and the offset, as the server and browser both
                know them (the server's words kept where their zone data disagree: EventDate.tsx); on a
                right-to-left page the offset alone, the city's name being Latin. Gone once the page runs.
              */}
              {hydrated ? null : (
                <span
                  className="hidden text-sm text-stone-600 noscript:block dark:text-stone-400"
                  data-testid="event-zone-plain"
                  suppressHydrationWarning
                >
                  {zoneLabel(t, {
                    place: isPlacelessZone(event.timezone) || dir === 'rtl' ? null : zoneCity(event.timezone),
                    offset: formatZoneName(event.date, event.timezone, locale),
                  })}
                </span>
              )}
            </DetailRow>
            <SeriesDates event={event} />
            <DetailRow icon={<MapPin aria-hidden="true" className="size-5" />} label={t('location')}>
              <PlaceDetails event={event} />
              <EarlyPlaceNote event={event} now={loadedAt} />
            </DetailRow>
            {event.attendance !== 'in_person' && event.joinUrl && isHttpUrl(event.joinUrl) ? (
              <DetailRow icon={<Link2 aria-hidden="true" className="size-5" />} label={t('join')}>
                <a
                  href={event.joinUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="rounded-sm font-medium break-all text-brand-700 hover:underline dark:text-brand-100"
                  data-testid="event-join"
                >
                  {event.joinUrl}
                </a>
              </DetailRow>
            ) : null}
            {event.organizer ? (
              <DetailRow icon={<UsersRound aria-hidden="true" className="size-5" />} label={t('organizedBy')}>
                <span dir="auto" className="wrap-anywhere" data-testid="event-organizer">
                  {event.organizer}
                </span>
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
                {t('viewSource')}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
              <p className="mt-3 text-sm text-stone-600 sm:mt-0 dark:text-stone-300">{t('sourceHint')}</p>
            </div>
          ) : null}

          {event.image ? (
            <figure className="mt-8" data-testid="event-flyer">
              <EventFlyer
                image={event.image}
                sizes="(min-width: 768px) 42rem, 100vw"
                eager
                className="mx-auto block h-auto max-h-[80vh] w-auto max-w-full rounded-lg object-contain"
              />
            </figure>
          ) : null}

          <section
            aria-labelledby="about-title"
            className="mt-8 border-t border-stone-200 pt-7 dark:border-stone-800"
          >
            <h2 id="about-title" className="text-lg font-semibold text-stone-900 dark:text-white">
              {t('about')}
            </h2>
            {/* Plain text with its line breaks kept and its web addresses made links; never HTML. */}
            <p
              dir="auto"
              data-testid="event-description"
              className="mt-3 leading-relaxed wrap-anywhere whitespace-pre-line text-stone-700 dark:text-stone-300"
            >
              <LinkifiedText text={event.description} />
            </p>
          </section>

          {event.accessibility ? (
            <section
              aria-labelledby="accessibility-title"
              className="mt-8 border-t border-stone-200 pt-7 dark:border-stone-800"
            >
              <h2
                id="accessibility-title"
                className="flex items-center gap-2 text-lg font-semibold text-stone-900 dark:text-white"
              >
                <Accessibility aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-100" />
                {t('accessibility')}
              </h2>
              <p
                dir="auto"
                data-testid="event-accessibility"
                className="mt-3 leading-relaxed wrap-anywhere whitespace-pre-line text-stone-700 dark:text-stone-300"
              >
                {event.accessibility}
              </p>
            </section>
          ) : null}

          <footer className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-2 border-t border-stone-200 pt-5 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
            {/* In the event's zone until the page runs, as the server wrote it (Morocco's clock again:
                within an hour of midnight there, Node and the browser name different days). */}
            <p suppressHydrationWarning>
              {t('submittedOn', { date: formatLongDate(event.createdAt, submittedZone, locale) })}
            </p>
            {event.verified ? (
              <p className="inline-flex items-center gap-1.5 font-medium text-brand-700 dark:text-brand-100">
                <BadgeCheck aria-hidden="true" className="size-4" />
                {t('verifiedBy')}
              </p>
            ) : null}
          </footer>
        </article>
      </Card>
    </>
  );
}

const HOUR_MS = 3600 * 1000;

/**
 * For whoever sees the exact place before the public does (docs/PRODUCT.md#who-sees-what): that the
 * others do not see it yet, and until when. The server decided what this viewer sees; this words the
 * submitter's rule beside it: until the moment it is shared with everyone ("Only you and the
 * moderators see the exact location until Tuesday, December 8, 2026 at 11:00 AM"; to a moderator, who
 * is not its submitter, "Only moderators and the person who submitted it…"), or for signed-in people
 * only. Said in words with an icon, not by colour.
 */
function EarlyPlaceNote({ event, now }: { event: EventDto; now: number }) {
  const { t, i18n } = useTranslation('event');
  const rule = event.placeRule;
  const shown = Boolean(event.venue || event.address || event.joinUrl);
  if (event.placeWithheld || !shown || rule.visibility === 'everyone') return null;
  let text: string;
  if (rule.visibility === 'signed_in') text = t(`earlyPlace.signedIn.${event.attendance}`);
  else {
    const sharedAt = Date.parse(event.date) - (rule.hours ?? 0) * HOUR_MS;
    if (now >= sharedAt) return null;
    const time = formatEventDateTime(new Date(sharedAt), event.timezone, localeOfI18n(i18n));
    const who = event.submittedByViewer ? 'you' : 'moderators';
    text = t(`earlyPlace.${who}.${event.attendance}`, { time });
  }
  return (
    <span
      className="mt-2 flex items-start gap-1.5 text-sm text-stone-700 dark:text-stone-300"
      data-testid="place-early"
    >
      <EyeOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {text}
    </span>
  );
}

/** A placeholder with the event's shape while it loads. */
export function EventDetailSkeleton() {
  const { t } = useTranslation('event');
  return (
    <div role="status" aria-label={t('loading')}>
      <Card className="mt-4 p-5 sm:p-8" aria-hidden="true">
        <SkeletonBadges widths={['w-24', 'w-28']} />
        <SkeletonBlock className="mt-5 h-9 w-4/5" />
        <SkeletonBlock className="mt-5 h-8 w-24 rounded-lg" />
        <div className="mt-8 grid gap-5 sm:grid-cols-2">
          <SkeletonBlock className="h-10 w-full sm:col-span-2" />
          <SkeletonBlock className="h-10 w-3/4" />
          <SkeletonBlock className="h-10 w-2/3" />
        </div>
        <SkeletonBlock className="mt-8 h-16 w-full rounded-xl" />
        <SkeletonBlock className="mt-8 h-5 w-40" />
        <SkeletonLines className="mt-4 space-y-2" widths={['w-full', 'w-11/12', 'w-3/4']} />
      </Card>
    </div>
  );
}
