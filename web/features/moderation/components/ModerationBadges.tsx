import { Flag, PencilLine } from 'lucide-react';
import type { ModerationTab } from '../../../../common/schemas/moderation';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { useTranslation } from '../../../i18n/react';

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
