/**
 * When an event is over, and whether it is upcoming, happening now or past (docs/PRODUCT.md#events):
 * one home for the rule the listing, the moderation policy, the cards and the detail page all follow.
 */
import { DEFAULT_EVENT_DURATION_MS } from './enums';

/** When the event is over: its end, or its start plus the default 2 hours. */
export function overAt(startsAt: number, endsAt: number | null | undefined): number {
  return endsAt ?? startsAt + DEFAULT_EVENT_DURATION_MS;
}

export type EventPhase = 'upcoming' | 'happening' | 'past';

/** Upcoming until it starts, happening until it is over, past after. */
export function eventPhase(startsAt: number, endsAt: number | null | undefined, now: number): EventPhase {
  if (now < startsAt) return 'upcoming';
  return now < overAt(startsAt, endsAt) ? 'happening' : 'past';
}

/** The same, for an event as the API presents it (`date` and an optional `endDate`, ISO instants). */
export function phaseOf(event: { date: string; endDate?: string | undefined }, now: number): EventPhase {
  return eventPhase(
    Date.parse(event.date),
    event.endDate === undefined ? null : Date.parse(event.endDate),
    now,
  );
}
