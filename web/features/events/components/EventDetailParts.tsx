import { Ban, EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EventDto } from '../../../../common/schemas/events';
import { MapLink, WithheldPlace } from '../../../components/EventPlace';
import { Notice } from '../../../components/ui/Notice';
import { useTranslation } from '../../../i18n/react';
import { useAreaText } from '../../../lib/useAreaText';

// The parts of an event's page (EventDetail.tsx): its banners and its details' rows.

/** One term of the details list; the icon sits in the term so <dl> keeps only <div><dt><dd> groups. */
export function DetailRow({
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

export function StatusBanner({ event }: { event: EventDto }) {
  const { t } = useTranslation('event');
  if (event.status === 'approved') return null;
  return (
    <Notice tone="warning" className="mt-4 flex gap-3">
      <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        <strong className="block font-semibold">{t(`status.${event.status}`)}</strong>
        {event.submittedByViewer ? t('status.onlyYou') : t('status.onlyModerators')}
      </span>
    </Notice>
  );
}

/** Cancelled or postponed: said at the top, with the note the submitter or a moderator gave. */
export function ScheduleBanner({ event }: { event: EventDto }) {
  const { t } = useTranslation('event');
  if (event.schedule === 'scheduled') return null;
  return (
    <Notice tone="warning" className="mt-4 flex gap-3">
      <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>
        <strong className="block font-semibold" data-testid="schedule-banner">
          {t(`schedule.${event.schedule}`)}
        </strong>
        {/* A line of its own, so that its own direction sets its alignment (English on an Arabic page). */}
        {event.scheduleNote ? (
          <span dir="auto" className="block">
            {event.scheduleNote}
          </span>
        ) : null}
      </span>
    </Notice>
  );
}

/** Where: venue, address and area, "Open in a map", or what is withheld and until when. */
export function PlaceDetails({ event }: { event: EventDto }) {
  const area = useAreaText(event);
  return (
    <span className="flex flex-col wrap-anywhere" data-testid="event-location">
      {event.venue ? (
        <span dir="auto" className="font-medium" data-testid="event-venue">
          {event.venue}
        </span>
      ) : null}
      {event.address ? (
        <span dir="auto" data-testid="event-address">
          {event.address}
        </span>
      ) : null}
      <span dir="auto">{area}</span>
      <MapLink event={event} area={area} />
      <WithheldPlace event={event} />
    </span>
  );
}
