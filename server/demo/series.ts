import { eventInputSchema } from '../../common/schemas/events';
import { repeatRuleSchema } from '../../common/schemas/series';
import { createSeries } from '../commands/series';
import { seriesDates } from '../series/rule';
import type { Store } from '../store/db';

const DAY = 24 * 3600 * 1000;

/**
 * Recurring events for the demo (docs/PRODUCT.md#recurring-events): a published weekly vigil of 8
 * Fridays with one date cancelled, and a monthly teach-in waiting for review (the demo user's), so the
 * queue shows a series once.
 */
export async function seedDemoSeries(
  store: Store,
  { organiser, user, now }: { organiser: string; user: string; now: number },
): Promise<void> {
  const inAWeek = new Date(now + 7 * DAY).toISOString().slice(0, 10);
  const series = [
    {
      createdBy: organiser,
      status: 'approved' as const,
      fields: {
        title: 'Friday vigil for Gaza',
        description: 'Every Friday evening: candles, the names of those killed read aloud, and silence.',
        time: '18:00',
        timezone: 'Europe/London',
        city: 'Manchester',
        country: 'United Kingdom',
        venue: 'St Peter’s Square',
        type: 'protest',
        organizer: 'Manchester Friends of Palestine',
      },
      rule: { freq: 'weekly', weekdays: ['FR'], count: 8 },
      firstDay: inAWeek,
    },
    {
      createdBy: user,
      status: 'pending' as const,
      fields: {
        title: 'Monthly teach-in: the history of Palestine',
        description: 'A reading group and talk, on the last Thursday of each month.',
        time: '19:00',
        timezone: 'Europe/Paris',
        city: 'Paris',
        country: 'France',
        type: 'educational',
      },
      rule: { freq: 'monthly_weekday', nth: -1, count: 6 },
      firstDay: inAWeek,
    },
  ];
  for (const s of series) {
    const input = eventInputSchema.parse({
      ...s.fields,
      date: s.firstDay,
      sourceLink: 'https://example.org/events/recurring',
    });
    const rule = repeatRuleSchema.parse(s.rule);
    const dates = seriesDates(input, rule);
    const rows = await store.db
      .transaction()
      .execute((trx) =>
        createSeries(trx, { input, rule, dates, createdBy: s.createdBy, now: now - 2 * DAY }),
      );
    if (s.status !== 'approved') continue;
    const seriesId = rows[0]?.series_id ?? '';
    await store.db
      .updateTable('events')
      .set({ status: 'approved', approved_at: now - DAY })
      .where('series_id', '=', seriesId)
      .execute();
    // One date called off, as happens.
    const third = rows[2];
    if (third) {
      await store.db
        .updateTable('events')
        .set({ schedule: 'cancelled', schedule_note: 'The square is closed that evening', sequence: 1 })
        .where('id', '=', third.id)
        .execute();
    }
  }
}
