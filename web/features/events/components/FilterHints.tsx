import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { RANGE_MAX_DAYS } from '../../../../common/periods';
import type { NearAnswer } from '../../../../common/schemas/events';
import { browserTimeZone } from '../../../../common/timezones';
import { StateMessage } from '../../../components/ui/Notice';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { sayMessage, useMessages } from '../../../lib/messages';
import { useHydrated } from '../../../lib/useHydrated';
import { useLocale } from '../../../lib/useLocale';
import { useZoneName } from '../../../lib/useZoneName';
import { zoneLabel } from '../../../lib/zoneLabel';
import days from '../../../locales/en/days.json';

addCatalog('days', days);

// What the home page's filters answer beside the list (docs/PRODUCT.md#home). Shown only after some
// filters, so a chunk of its own (the first load has a budget, e2e/first-load.test.ts), loaded with the
// `messages` catalog of the page's language when one is shown.

/**
 * Under the "Near" field: the city the server took ("Within 50 km of Manchester, United Kingdom"), so
 * the person sees which of several cities of that name it is, or that it knows none of that name.
 */
export function NearHint({ id, near }: { id: string; near: NearAnswer }) {
  const { t, i18n } = useTranslation('events');
  const messages = useMessages();
  const { city } = near;
  if (!city) {
    const text = near.messageCode
      ? sayMessage({ code: near.messageCode, params: near.messageParams }, messages, near.message ?? '')
      : (near.message ?? '');
    return (
      <p id={id} className="mt-1.5 text-sm wrap-anywhere text-danger-700 dark:text-red-300">
        {text}
      </p>
    );
  }
  let country = city.country;
  try {
    country = new Intl.DisplayNames([localeOfI18n(i18n)], { type: 'region' }).of(city.country) ?? country;
  } catch {
    // An odd code: shown as it is.
  }
  return (
    <p id={id} className="mt-1.5 text-sm text-stone-600 dark:text-stone-400">
      {t('filters.nearFound', { km: near.km, city: city.name, country })}
    </p>
  );
}

/** The English of `param.rangeTooLong` (web/locales/en/messages.json), what an English page shows. */
export const RANGE_TOO_LONG_ENGLISH = `A range of days can span at most ${RANGE_MAX_DAYS} days`;

/**
 * In place of the list when its range of days is longer than the API takes: the API's own reason
 * (`param.rangeTooLong`) in the page's language, rather than asking for a list it refuses or saying
 * "no events". The To field points here (`id`).
 */
export function RangeTooLong({ id }: { id: string }) {
  const reason = sayMessage(
    { code: 'param.rangeTooLong', params: { max: RANGE_MAX_DAYS } },
    useMessages(),
    RANGE_TOO_LONG_ENGLISH,
  );
  return (
    <div id={id}>
      <StateMessage icon={<CalendarX2 aria-hidden="true" className="size-10" />} title={reason} />
    </div>
  );
}

/** A zone as this browser names it, so that two names of one zone (Europe/Kiev, Europe/Kyiv) match. */
function sameZoneName(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/**
 * Under the filters when their days follow a zone other than the viewer's (a shared link keeps its
 * sender's: "Today" in Gaza is not today in Chicago at every hour): which zone, and a button that
 * reads them in the viewer's own.
 */
export function OtherZoneHint({ zone, onUseMine }: { zone: string; onUseMine: () => void }) {
  const { t } = useTranslation('days');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [instant] = useState(() => new Date().toISOString());
  const other = hydrated && sameZoneName(zone) !== sameZoneName(browserTimeZone());
  const name = useZoneName(other ? { zone, instant, locale } : null);
  if (!other) return null;
  return (
    <p className="mt-3 text-sm text-stone-700 dark:text-stone-300" data-testid="other-zone">
      {t('otherZone', { zone: name ? zoneLabel(t, name) : zone })}{' '}
      <button
        type="button"
        onClick={onUseMine}
        className="rounded-md font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-100"
      >
        {t('useMine')}
      </button>
    </p>
  );
}
