import { BadgeCheck, Ban, History, Radio, Video } from 'lucide-react';
import type { EventType, Schedule } from '../../common/enums';
import type { EventPhase } from '../../common/eventTime';
import type { EventDto } from '../../common/schemas/events';
import { useTranslation } from '../i18n/react';
import { Badge, type BadgeTone } from './ui/Badge';

/**
 * One distinct hue per event type, the same on public cards and in the dashboard; red and green stay
 * reserved for errors, reports and Verified.
 */
const TYPE_TONES: Record<EventType, BadgeTone> = {
  protest: 'orange',
  cultural: 'fuchsia',
  educational: 'blue',
  digital: 'violet',
};

export function EventTypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation();
  return <Badge tone={TYPE_TONES[type]}>{t(`eventTypes.${type}`)}</Badge>;
}

export function VerifiedBadge({ label }: { label: string }) {
  return (
    <Badge tone="verified" icon={<BadgeCheck aria-hidden="true" className="size-3.5" />}>
      {label}
    </Badge>
  );
}

export function PastBadge({ label }: { label: string }) {
  return (
    <Badge tone="neutral" icon={<History aria-hidden="true" className="size-3.5" />}>
      {label}
    </Badge>
  );
}

/** "Cancelled" or "Postponed" (docs/PRODUCT.md#cancelled-and-postponed); nothing for a scheduled event. */
export function ScheduleBadge({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  if (schedule === 'scheduled') return null;
  return (
    <Badge tone="strong" icon={<Ban aria-hidden="true" className="size-3.5" />}>
      <span data-testid="event-schedule">{t(`event.schedules.${schedule}`)}</span>
    </Badge>
  );
}

export function HappeningNowBadge() {
  const { t } = useTranslation();
  return (
    <Badge tone="warning" icon={<Radio aria-hidden="true" className="size-3.5" />}>
      {t('event.happeningNow')}
    </Badge>
  );
}

export function OnlineBadge() {
  const { t } = useTranslation();
  return (
    <Badge tone="neutral" icon={<Video aria-hidden="true" className="size-3.5" />}>
      {t('event.online')}
    </Badge>
  );
}

/**
 * The tags of an event wherever it is shown: type, Verified, Cancelled or Postponed, Happening now (not
 * when called off), Past Event, Online.
 */
export function EventStateBadges({
  event,
  phase,
  verifiedLabel,
  pastLabel,
}: {
  event: Pick<EventDto, 'type' | 'verified' | 'schedule' | 'attendance'>;
  phase: EventPhase;
  verifiedLabel: string;
  pastLabel: string;
}) {
  return (
    <>
      <EventTypeBadge type={event.type} />
      {event.verified ? <VerifiedBadge label={verifiedLabel} /> : null}
      <ScheduleBadge schedule={event.schedule} />
      {phase === 'happening' && event.schedule === 'scheduled' ? <HappeningNowBadge /> : null}
      {phase === 'past' ? <PastBadge label={pastLabel} /> : null}
      {event.attendance !== 'in_person' ? <OnlineBadge /> : null}
    </>
  );
}
