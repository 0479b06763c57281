import { Rss } from 'lucide-react';
import type { FeedFilters } from '../../../../common/filters';
import { filterQuery } from '../../../../common/links';
import { ButtonLink, type ButtonSize, type ButtonVariant } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';

export interface SubscribeLinkProps {
  /** The filters on screen: the subscribe page starts with the same ones. */
  filters?: Partial<FeedFilters>;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** "Subscribe": to the page with the calendar feed, RSS and embed code for the events on screen. */
export function SubscribeLink({ filters = {}, variant = 'secondary', size = 'sm' }: SubscribeLinkProps) {
  const { t } = useTranslation('events');
  return (
    <ButtonLink
      to={`/subscribe${filterQuery(filters)}`}
      variant={variant}
      size={size}
      title={t('subscribeLinkLabel')}
    >
      <Rss aria-hidden="true" className="size-4" />
      {t('subscribeLink')}
    </ButtonLink>
  );
}
