import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModerationTab } from '../../../../common/schemas/moderation';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

const CATEGORY_TONES: Record<ModerationTab, BadgeTone> = {
  pending: 'warning',
  reported: 'danger',
  approved: 'neutral',
};

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
