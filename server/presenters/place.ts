import { DEFAULT_LANGUAGE, type Language } from '../../common/i18n/languages';
import { joinPlace } from '../../common/placeText';
import type { PlaceRule } from '../../common/schemas/events';
import type { Actor } from '../auth/actor';
import { translatorFor } from '../i18n/translate';
import { canSeeExactPlace } from '../policies/events';
import type { EventRow } from '../store/schema';

/** What one viewer may be told of an event's place: the exact part only if the policy allows it. */
export interface PresentedPlace {
  venue?: string;
  address?: string;
  joinUrl?: string;
  /** True when the event has a venue, address or link this viewer may not see (yet). */
  withheld: boolean;
}

/**
 * The one place every output (API, rendered pages, calendar files, feeds, embed, JSON-LD, share
 * previews) gets an event's venue, address and link to join from (docs/PRODUCT.md#who-sees-what).
 */
export function presentPlace(row: EventRow, actor: Actor | null, now: number = Date.now()): PresentedPlace {
  const exact = {
    ...(row.venue ? { venue: row.venue } : {}),
    ...(row.address ? { address: row.address } : {}),
    ...(row.join_url ? { joinUrl: row.join_url } : {}),
  };
  if (canSeeExactPlace(actor, row, now)) return { ...exact, withheld: false };
  return { withheld: Object.keys(exact).length > 0 };
}

export function placeRuleOf(row: EventRow): PlaceRule {
  return row.place_visibility === 'hours_before'
    ? { visibility: row.place_visibility, hours: row.place_hours_before ?? 0 }
    : { visibility: row.place_visibility };
}

/** "City, Country", or "Online" (in `language`) for an online-only event without them (server outputs). */
export function areaText(
  row: Pick<EventRow, 'city' | 'country'>,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const area = joinPlace([row.city, row.country]);
  return area || translatorFor(language)('event.online');
}

/**
 * What server-written outputs say in place of what is withheld, in `language`: "Exact location shared
 * 3 hours before the start", "Sign in to see the exact location", or the same of the link to join.
 */
export function withheldNotice(row: EventRow, language: Language = DEFAULT_LANGUAGE): string {
  const t = translatorFor(language);
  const hours = row.place_visibility === 'hours_before';
  const count = row.place_hours_before ?? 0;
  // In person and online: both are withheld, and it says so, as the event's page does.
  if (row.attendance === 'both')
    return hours ? t('event:withheldBoth.hours', { count }) : t('event:withheldBoth.signIn');
  const what = row.attendance === 'online' ? 'link' : 'place';
  return hours ? t(`event.${what}Hours`, { count }) : t(`event.${what}SignIn`);
}
