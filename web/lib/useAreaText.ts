import { joinPlace } from '../../common/placeText';
import type { EventDto } from '../../common/schemas/events';
import { useTranslation } from '../i18n/react';

/**
 * "City, Country", or "Online" for an online-only event without them: on cards, in the first bundle,
 * apart from the event page's place parts (web/components/EventPlace.tsx).
 */
export function useAreaText(event: Pick<EventDto, 'location'>): string {
  const { t } = useTranslation();
  const area = joinPlace([event.location.city, event.location.country]);
  return area || t('event.online');
}
