import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatShortDate } from '../../../../common/dateLabels';
import { isCalendarDate } from '../../../../common/dates';
import { eventPagePath } from '../../../../common/links';
import type { SimilarEvent, SimilarQuery } from '../../../../common/schemas/queue';
import { isValidTimeZone } from '../../../../common/timezones';
import { Notice } from '../../../components/ui/Notice';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import similarMessages from '../../../locales/en/similar.json';
import { useSimilarEvents } from '../api/similarEvents';

addCatalog('similar', similarMessages);

/** How long typing pauses before the check runs. */
const PAUSE_MS = 600;
const TITLE_MIN = 4;

/** The check's question once title, date and city are filled in, after a pause in typing. */
function useSettledQuery(values: {
  title: string;
  date: string;
  time: string;
  timezone: string;
  city: string;
}): SimilarQuery | null {
  const title = values.title.trim();
  const city = values.city.trim();
  const ready = title.length >= TITLE_MIN && city !== '' && isCalendarDate(values.date);
  const time = /^\d{2}:\d{2}$/.test(values.time) ? values.time : undefined;
  const key = ready ? JSON.stringify([title, city, values.date, time, values.timezone]) : '';
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(key), PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  if (!settled || settled !== key) return null;
  return {
    title,
    city,
    date: values.date,
    ...(time ? { time } : {}),
    // A zone still being typed ("Brook") is left out rather than sent to be refused.
    ...(isValidTimeZone(values.timezone) ? { timezone: values.timezone } : {}),
  };
}

/**
 * The submitter's gentle warning (docs/PRODUCT.md#submit): published events in the same city, around
 * the same date, with a similar title. It only informs: sending stays possible.
 */
export function DuplicateWarning({
  values,
}: {
  values: { title: string; date: string; time: string; timezone: string; city: string };
}) {
  const query = useSettledQuery(values);
  const similar = useSimilarEvents(query);
  const items = query ? (similar.data?.items ?? []) : [];
  // Nothing (and no catalog asked for) until there is something to say: the server's page has none.
  return items.length === 0 ? null : <SimilarList items={items} />;
}

function SimilarList({ items }: { items: SimilarEvent[] }) {
  const { t, i18n } = useTranslation('similar');
  const locale = localeOfI18n(i18n);
  return (
    <div data-testid="duplicate-warning">
      <Notice tone="warning" className="space-y-2">
        <p className="flex items-center gap-2 font-semibold">
          <Copy aria-hidden="true" className="size-4 shrink-0" />
          {t('title')}
        </p>
        <p>{t('text')}</p>
        <ul className="list-disc space-y-1 ps-5">
          {items.map((e) => (
            <li key={e.id}>
              <Link
                to={eventPagePath(e.id)}
                target="_blank"
                className="font-medium underline underline-offset-2 wrap-anywhere"
              >
                <span dir="auto">{e.title}</span>
              </Link>{' '}
              <span dir="auto">
                ({t('when', { date: formatShortDate(e.date, e.timezone, locale), city: e.city })})
              </span>
            </li>
          ))}
        </ul>
      </Notice>
    </div>
  );
}
