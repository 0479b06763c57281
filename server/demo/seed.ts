import { zonedDateTimeToInstant } from '../../common/dates';
import type { Store } from '../store/db';
import { insertEvent } from '../store/events';
import { newId } from '../store/ids';
import { insertUser } from '../store/users';
import { SAMPLE_EVENTS, SAMPLE_PENDING, type SampleEvent } from './sampleEvents';

const DAY = 24 * 3600 * 1000;

/** 'YYYY-MM-DD' of the day `days` from now, as the wall calendar in `timeZone` shows it. */
function localDate(days: number, timeZone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now + days * DAY));
}

function startsAt(sample: SampleEvent, now: number): number {
  return zonedDateTimeToInstant(
    localDate(sample.days, sample.timezone, now),
    sample.time,
    sample.timezone,
  ).getTime();
}

/** Fill an empty database with the sample events: approved (some verified), a few pending, one reported. */
export async function seedDemoEvents(
  store: Store,
  now = Date.now(),
): Promise<{ approved: number; pending: number }> {
  const db = store.db;
  const organiser = await insertUser(db, { name: 'Community Organiser', email: 'organiser@demo.invalid' });
  const reporter = await insertUser(db, { name: 'Careful Reader', email: 'reader@demo.invalid' });

  const approved = [];
  for (const [i, sample] of SAMPLE_EVENTS.entries()) {
    approved.push(
      await insertEvent(db, {
        title: sample.title,
        description: sample.description,
        type: sample.type,
        city: sample.city,
        country: sample.country,
        timezone: sample.timezone,
        startsAt: startsAt(sample, now),
        organizer: sample.organizer,
        sourceLink: `https://example.org/events/${sample.slug}`,
        createdBy: organiser.id,
        status: 'approved',
        verified: sample.verified ?? false,
        // Submitted some days before, in a plausible order.
        createdAt: now - (30 - (i % 25)) * DAY,
      }),
    );
  }
  for (const [i, sample] of SAMPLE_PENDING.entries()) {
    await insertEvent(db, {
      title: sample.title,
      description: sample.description,
      type: sample.type,
      city: sample.city,
      country: sample.country,
      timezone: sample.timezone,
      startsAt: startsAt(sample, now),
      organizer: sample.organizer,
      sourceLink: `https://example.org/events/${sample.slug}`,
      createdBy: organiser.id,
      createdAt: now - (i + 1) * 3600 * 1000,
    });
  }
  // One reported event, so the Reported tab has something to judge.
  const reported = approved.find((e) => e.title.startsWith('Twitter/X Storm'));
  if (reported) {
    await db
      .insertInto('reports')
      .values({
        id: newId(),
        event_id: reported.id,
        reported_by: reporter.id,
        reason: 'spam',
        status: 'open',
        created_at: now - 2 * 3600 * 1000,
        closed_at: null,
        closed_by: null,
      })
      .execute();
  }
  return { approved: SAMPLE_EVENTS.length, pending: SAMPLE_PENDING.length };
}
