import { BadgeCheck, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventType } from '../../common/enums';
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
