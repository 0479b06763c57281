import { ExternalLink, Lock } from 'lucide-react';
import { mapSearchUrl } from '../../common/links';
import { joinPlace } from '../../common/placeText';
import type { EventDto } from '../../common/schemas/events';
import { useTranslation } from '../i18n/react';

type PlaceEvent = Pick<EventDto, 'location' | 'attendance' | 'placeRule' | 'placeWithheld'> &
  Partial<Pick<EventDto, 'venue' | 'address' | 'joinUrl'>>;

/**
 * What someone who may not see the exact place yet is told (docs/PRODUCT.md#who-sees-what): "Exact
 * location shared 3 hours before the start", "Sign in to see the exact location", the same of the
 * link to join for an online-only event, and of both for one held in person and online. The server
 * decided; this only words it. Only the event page shows it: the words for both are in its catalog.
 */
export function WithheldPlace({ event }: { event: PlaceEvent }) {
  const { t } = useTranslation(['common', 'event']);
  if (!event.placeWithheld) return null;
  const hours = event.placeRule.visibility === 'hours_before';
  const count = event.placeRule.hours ?? 0;
  const what = event.attendance === 'online' ? 'link' : 'place';
  const text =
    event.attendance === 'both'
      ? hours
        ? t('event:withheldBoth.hours', { count })
        : t('event:withheldBoth.signIn')
      : hours
        ? t(`event.${what}Hours`, { count })
        : t(`event.${what}SignIn`);
  return (
    <span
      className="mt-1 flex items-start gap-1.5 text-sm text-stone-600 dark:text-stone-300"
      data-testid="place-withheld"
    >
      <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {text}
    </span>
  );
}

/** "Open in a map": an OpenStreetMap search for the address (or venue) and the area; no tiles, no requests. */
export function MapLink({ event, area }: { event: PlaceEvent; area: string }) {
  const { t } = useTranslation();
  const exact = event.address ?? event.venue;
  if (!exact || event.attendance === 'online') return null;
  const place = [exact, event.location.city, event.location.country].filter(Boolean).join(', ');
  return (
    <a
      href={mapSearchUrl(place)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('event.openInMapLabel', { place: joinPlace([exact, area]) })}
      className="mt-1 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
      data-testid="map-link"
    >
      {t('event.openInMap')}
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}
