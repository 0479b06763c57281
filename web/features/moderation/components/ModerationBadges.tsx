import { Flag, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventType } from '../../../../common/enums';
import type { ModerationTab } from '../../../../common/schemas/moderation';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

/** Same hues as the public cards: one per event type; red and green stay for reports and Verified. */
const TYPE_TONES: Record<EventType, BadgeTone> = {
  protest: 'orange',
  cultural: 'fuchsia',
  educational: 'blue',
  digital: 'violet',
};

const CATEGORY_TONES: Record<ModerationTab, BadgeTone> = {
  pending: 'warning',
  reported: 'danger',
  approved: 'neutral',
};

export function TypeBadge({ type }: { type: EventType }) {
  const { t } = useTranslation('moderation');
  return <Badge tone={TYPE_TONES[type]}>{t(`types.${type}`)}</Badge>;
}

export function CategoryBadge({ category }: { category: ModerationTab }) {
  const { t } = useTranslation('moderation');
  return (
    <Badge
      tone={CATEGORY_TONES[category]}
      icon={category === 'reported' ? <Flag aria-hidden="true" className="size-3.5" /> : undefined}
    >
      {t(`category.${category}`)}
    </Badge>
  );
}

export function PastEventBadge() {
  const { t } = useTranslation('moderation');
  return (
    <Badge tone="neutral" icon={<History aria-hidden="true" className="size-3.5" />}>
      {t('past')}
    </Badge>
  );
}
