import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { type DayGroup, formatDayHeading } from '../lib/dayGroups';

/** One day's heading in the home list: "Today", "Tomorrow" or "Yesterday" beside the date, else the date. */
export function DayHeading({
  id,
  group,
  now,
  viewerZone,
}: {
  id: string;
  group: Pick<DayGroup<unknown>, 'day' | 'offset'>;
  now: Date;
  viewerZone: string;
}) {
  const { t, i18n } = useTranslation('events');
  const date = formatDayHeading(group.day, now, viewerZone, localeOfI18n(i18n));
  const named =
    group.offset === 0
      ? t('days.today')
      : group.offset === 1
        ? t('days.tomorrow')
        : group.offset === -1
          ? t('days.yesterday')
          : null;
  return (
    <h3 id={id} className="day-heading" data-testid="day-heading">
      <time dateTime={group.day} className="contents">
        {named ? (
          <>
            <span>{named}</span>{' '}
          </>
        ) : null}
        <span className={named ? 'font-normal text-stone-600 dark:text-stone-400' : undefined}>{date}</span>
      </time>
    </h3>
  );
}
