import type { TFunction } from 'i18next';
import { CalendarDays, ExternalLink, type LucideIcon, MapPin, Repeat, UsersRound } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { eventPagePath, isHttpUrl } from '../../../../common/links';
import type { EventDto } from '../../../../common/schemas/events';
import { repeatsText } from '../../../../common/seriesText';
import { EventStateBadges } from '../../../components/EventBadges';
import { EventFlyer } from '../../../components/EventFlyer';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, SkeletonBadges, SkeletonBlock, SkeletonLines } from '../../../components/ui/Card';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { useAreaText } from '../../../lib/useAreaText';
import { eventDateParts } from '../lib/eventDate';
import { EventDate } from './EventDate';

export interface EventCardProps {
  event: EventDto;
  viewerZone: string;
  now: Date;
  /** Where "Back to Events" on the detail page returns to (the home view with its filters). */
  backTo: string;
  /** The "Add to calendar" control (another feature's: the page puts it here). */
  calendarButton?: ReactNode;
  /** The title's heading level: 4 under the home list's day headings, else 3. */
  headingLevel?: 3 | 4;
  /**
   * 'tile' (default) for a grid; 'row' for the home list, where from the md width up the card lies
   * across the page, its text on one side and its date, place and actions on the other, so a
   * desktop screen shows several days at once (docs/PRODUCT.md#home).
   */
  layout?: 'tile' | 'row';
  /** The page's main image: the card's flyer is fetched at once and first (EventFlyer's `eager`). */
  eagerFlyer?: boolean;
}

/**
 * How wide the flyer's box is in the home list's row layout, for the browser to fetch the variant that
 * fills it (no narrower: a blurred flyer; no wider than needed: a phone's data). Below 640px the
 * card spans the page less its padding and border (66px); up to 768px, 90px; from 768px the flyer
 * sits in the text column, beside a 20rem column and a 2rem gap (442px less), and at most 28rem wide
 * (`md:max-w-md`), which it reaches at 890px.
 */
const ROW_FLYER_SIZES =
  '(min-width: 890px) 28rem, (min-width: 768px) calc(100vw - 27.625rem), (min-width: 640px) calc(100vw - 5.625rem), calc(100vw - 4.125rem)';
/** The tile layout's flyer: a grid's column. */
const TILE_FLYER_SIZES = '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw';

/** Where the organizer's name goes in the catalog's "by …" line (never in a name: a control character). */
const NAME_MARK = '\u0000';
const NAMED = `<organizer>${NAME_MARK}</organizer>`;

/**
 * The card's "by <organizer>" line in the reader's language: the catalog's words around the name, which
 * keeps its own direction (user text). Not react-i18next's <Trans>: that parses the message's markup
 * again on every card of every page (~0.3 ms of a home page's render: issue 21); here the message
 * is read once per language (the server's remembering `t`) and split.
 */
function OrganizedBy({ t, organizer }: { t: TFunction<'events'>; organizer: string }) {
  const [before = '', after = ''] = t('card.by', { organizer: NAME_MARK }).split(NAMED);
  return (
    <>
      {before}
      <span dir="auto" className="wrap-anywhere">
        {organizer}
      </span>
      {after}
    </>
  );
}

/**
 * One line of the card's details: an icon standing for its name (read out, not shown), then its value.
 * The card's repeated parts are component classes in web/styles.css (`.event-card-*`, `.card-detail`).
 */
function CardDetail({
  icon: Icon,
  label,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="card-detail">
      <dt>
        <Icon aria-hidden="true" className="card-detail-icon" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function EventCard({
  event,
  viewerZone,
  now,
  backTo,
  calendarButton,
  headingLevel = 3,
  layout = 'tile',
  eagerFlyer = false,
}: EventCardProps) {
  const row = layout === 'row';
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const { t, i18n } = useTranslation('events');
  const titleId = useId();
  const parts = eventDateParts(event.date, event.timezone, viewerZone, now, {
    end: event.endDate,
    city: event.location.city,
    locale: localeOfI18n(i18n),
  });
  const area = useAreaText(event);
  const calledOff = event.schedule !== 'scheduled';
  const href = eventPagePath(event.id);
  const state = { backTo };
  return (
    // The whole card opens the event (the title's link stretches over it); the links and buttons of
    // its last row sit above that link and keep their own targets.
    <Card className={`event-card ${row ? 'p-4 sm:p-5' : 'p-5 sm:p-6'}`}>
      <article
        aria-labelledby={titleId}
        className={row ? 'event-card-body event-card-row' : 'event-card-body'}
      >
        <div className="min-w-0">
          {event.image ? (
            // A fixed box (the flyer cropped to fill it), so cards keep their shape while it loads.
            <div
              className={`mb-4 overflow-hidden rounded-lg bg-stone-100 dark:bg-stone-800 ${row ? 'aspect-[21/9] md:max-w-md' : 'aspect-video'}`}
            >
              <EventFlyer
                image={event.image}
                sizes={row ? ROW_FLYER_SIZES : TILE_FLYER_SIZES}
                eager={eagerFlyer}
                className="size-full object-cover"
              />
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <EventStateBadges
              event={event}
              phase={parts.phase}
              verifiedLabel={t('card.verified')}
              pastLabel={t('card.past')}
            />
          </div>

          <Heading id={titleId} dir="auto" className="event-card-title">
            <Link to={href} state={state} className="event-card-link">
              {event.title}
            </Link>
          </Heading>

          <p dir="auto" className="event-card-text">
            {event.description}
          </p>
        </div>

        <div className="flex grow flex-col">
          <dl className="event-card-details">
            <CardDetail icon={CalendarDays} label={t('card.date')}>
              <EventDate iso={event.date} parts={parts} calledOff={calledOff} />
            </CardDetail>
            {event.series ? (
              <CardDetail icon={Repeat} label={t('common:repeats.label')} testId="event-repeats">
                {repeatsText(t, event.series, localeOfI18n(i18n))}
              </CardDetail>
            ) : null}
            <CardDetail icon={MapPin} label={t('card.location')} testId="event-location">
              <span dir="auto" className="wrap-anywhere">
                {area}
              </span>
            </CardDetail>
            {event.organizer ? (
              <CardDetail icon={UsersRound} label={t('card.organizedBy')} testId="event-organizer">
                <OrganizedBy t={t} organizer={event.organizer} />
              </CardDetail>
            ) : null}
          </dl>

          <div className="event-card-actions">
            {isHttpUrl(event.sourceLink) ? (
              <a
                href={event.sourceLink}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('card.sourceLabel', { title: event.title })}
                className="event-card-source"
              >
                {t('card.source')}
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            ) : (
              <span />
            )}
            <div className="flex items-center gap-2">
              {calendarButton}
              <ButtonLink
                to={href}
                state={state}
                variant="secondary"
                size="sm"
                className="min-h-11 sm:min-h-0"
                aria-describedby={titleId}
              >
                {t('card.viewDetails')}
              </ButtonLink>
            </div>
          </div>
        </div>
      </article>
    </Card>
  );
}

/** A placeholder with the card's shape while the list loads. */
export function EventCardSkeleton() {
  return (
    <Card className="flex flex-col p-5 sm:p-6" aria-hidden="true">
      <SkeletonBadges widths={['w-24', 'w-16']} />
      <SkeletonBlock className="mt-4 h-6 w-4/5" />
      <SkeletonLines className="mt-3 space-y-2" widths={['w-full', 'w-11/12', 'w-2/3']} />
      <SkeletonLines className="mt-5 space-y-2" widths={['w-3/4', 'w-1/2']} />
      <div className="mt-6 flex justify-between">
        <SkeletonBlock className="h-4 w-16" />
        <SkeletonBlock className="h-8 w-28 rounded-lg" />
      </div>
    </Card>
  );
}
