import { Flag, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModerationTab } from '../../../../common/schemas/moderation';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

/** A list item's category; `changed` is a published event with a proposed change, in Pending. */
export type Category = ModerationTab | 'changed';

const CATEGORY_TONES: Record<Category, BadgeTone> = {
  pending: 'warning',
  changed: 'blue',
  reported: 'danger',
  approved: 'neutral',
};

export function CategoryBadge({ category }: { category: Category }) {
  const { t } = useTranslation('moderation');
  return (
    <Badge
      tone={CATEGORY_TONES[category]}
      icon={
        category === 'reported' ? (
          <Flag aria-hidden="true" className="size-3.5" />
        ) : category === 'changed' ? (
          <PencilLine aria-hidden="true" className="size-3.5" />
        ) : undefined
      }
    >
      {t(`category.${category}`)}
    </Badge>
  );
}
