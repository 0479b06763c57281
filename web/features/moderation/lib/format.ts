import { formatEventRange, formatZoneName, sameOffset } from '../../../../common/dates';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The event's date and time in its own zone (a range with times when it has an end), and that zone's
 * name when the viewer's clock differs.
 */
export function eventDateInZone(
  iso: string,
  timeZone: string,
  end?: string,
): { dateTime: string; zone: string | null } {
  const dateTime = formatEventRange(iso, end, timeZone, { withTimes: true });
  const zone = sameOffset(iso, timeZone, viewerZone()) ? null : formatZoneName(iso, timeZone);
  return { dateTime, zone };
}
