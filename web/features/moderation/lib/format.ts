import { formatEventRange, sameOffset } from '../../../../common/dates';
import { type ZoneName, zoneName } from '../../../../common/zoneSearch';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The event's date and time in its own zone (a range with times when it has an end), and that zone's
 * name when the viewer's clock differs (named by the event's city when it lies there).
 */
export function eventDateInZone(
  iso: string,
  timeZone: string,
  { end, city, locale }: { end?: string | undefined; city?: string | undefined; locale?: string } = {},
): { dateTime: string; zone: ZoneName | null } {
  const dateTime = formatEventRange(iso, end, timeZone, { withTimes: true, ...(locale ? { locale } : {}) });
  const zone = sameOffset(iso, timeZone, viewerZone())
    ? null
    : zoneName(timeZone, iso, { city, ...(locale ? { locale } : {}) });
  return { dateTime, zone };
}
