import { randomBytes } from 'node:crypto';
import { zonedDateTimeToInstant } from '../../common/dates';
import { DEFAULT_REMOVAL_REASON } from '../../common/moderationEnums';
import { createPasswordUser } from '../auth/passwords';
import { changeSchedule } from '../commands/changeSchedule';
import type { Store } from '../store/db';
import { insertEvent, type NewEvent } from '../store/events';
import { newId } from '../store/ids';
import { insertLogEntry } from '../store/log';
import { insertUser } from '../store/users';
import { SAMPLE_EVENTS, SAMPLE_PENDING, type SampleEvent } from './sampleEvents';
import { seedDemoSeries } from './series';

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
  if (sample.startedMinutesAgo !== undefined) {
    return Math.floor((now - sample.startedMinutesAgo * 60_000) / 60_000) * 60_000;
  }
  return zonedDateTimeToInstant(
    localDate(sample.days, sample.timezone, now),
    sample.time,
    sample.timezone,
  ).getTime();
}

/** The fields of a stored event that come from its sample, as they are on the day the demo runs. */
function fromSample(sample: SampleEvent, now: number): Omit<NewEvent, 'createdBy'> {
  const start = startsAt(sample, now);
  const online = sample.attendance === 'online';
  return {
    title: sample.title,
    description: sample.description,
    type: sample.type,
    // An online-only event needs no city or country; shown as "Online".
    city: online ? '' : sample.city,
    country: online ? '' : sample.country,
    timezone: sample.timezone,
    startsAt: start,
    endsAt: sample.hours === undefined ? null : start + sample.hours * 3600_000,
    attendance: sample.attendance ?? 'in_person',
    venue: sample.venue,
    address: sample.address,
    joinUrl: sample.joinUrl,
    placeVisibility: sample.placeVisibility ?? 'everyone',
    placeHoursBefore: sample.placeHoursBefore,
    accessibility: sample.accessibility,
    organizer: sample.organizer,
    sourceLink: `https://example.org/events/${sample.slug}`,
  };
}

export interface DemoAccounts {
  moderator: { email: string; password: string };
  user: { email: string; password: string };
}

/** A fresh random password for each demo run: the demo may be reachable by others on the network. */
function demoPassword(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * Fill an empty database: sample events (approved, some verified, some past), submissions waiting for
 * review, one reported event, a rejection and a removal in the log, a demo moderator and a demo user.
 */
export async function seedDemo(
  store: Store,
  now = Date.now(),
): Promise<{ approved: number; pending: number; accounts: DemoAccounts }> {
  const accounts: DemoAccounts = {
    moderator: { email: 'moderator@example.org', password: demoPassword() },
    user: { email: 'user@example.org', password: demoPassword() },
  };
  const db = store.db;
  const moderator = await createPasswordUser(db, {
    name: 'Demo Moderator',
    role: 'moderator',
    ...accounts.moderator,
  });
  const user = await createPasswordUser(db, { name: 'Demo User', ...accounts.user });
  const organiser = await insertUser(db, { name: 'Community Organiser', email: 'organiser@example.org' });
  const reporter = await insertUser(db, { name: 'Careful Reader', email: 'reader@example.org' });

  const approved = [];
  for (const [i, sample] of SAMPLE_EVENTS.entries()) {
    const event = await insertEvent(db, {
      ...fromSample(sample, now),
      createdBy: organiser.id,
      status: 'approved',
      verified: sample.verified ?? false,
      // Submitted some days before, in a plausible order.
      createdAt: now - (30 - (i % 25)) * DAY,
    });
    approved.push(event);
    if (sample.schedule && sample.schedule !== 'scheduled') {
      await changeSchedule(
        db,
        {
          ...moderator,
          createdAt: moderator.created_at,
          emailVerifiedAt: null,
          hasPassword: moderator.password_hash !== null,
        },
        {
          eventId: event.id,
          schedule: sample.schedule,
          note: sample.scheduleNote,
          now,
        },
      );
    }
  }
  for (const [i, sample] of SAMPLE_PENDING.entries()) {
    await insertEvent(db, {
      ...fromSample(sample, now),
      // The demo user's own submissions: signed in as them, the log and event pages show their view.
      createdBy: user.id,
      createdAt: now - (i + 1) * 3600 * 1000,
    });
  }
  await seedModerationHistory(store, { moderator: moderator.id, submitter: user.id, now });
  await seedDemoSeries(store, { organiser: organiser.id, user: user.id, now });
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
  return { approved: SAMPLE_EVENTS.length, pending: SAMPLE_PENDING.length, accounts };
}

/** A rejected and a removed event with their log entries, so the transparency log has a history. */
async function seedModerationHistory(
  store: Store,
  { moderator, submitter, now }: { moderator: string; submitter: string; now: number },
): Promise<void> {
  const history = [
    {
      status: 'rejected' as const,
      action: 'rejected' as const,
      reason: 'Duplicate of an event already listed; please add details to the existing one.',
      title: 'March for Gaza (copy)',
      daysAgo: 3,
    },
    {
      status: 'removed' as const,
      action: 'removed' as const,
      reason: DEFAULT_REMOVAL_REASON,
      title: 'Giveaway: free flights to the rally',
      daysAgo: 1,
    },
  ];
  for (const h of history) {
    const event = await insertEvent(store.db, {
      title: h.title,
      description: 'Seeded for the demo.',
      type: 'protest',
      city: 'London',
      country: 'United Kingdom',
      timezone: 'Europe/London',
      startsAt: now + 5 * DAY,
      sourceLink: 'https://example.org/events/seeded',
      createdBy: submitter,
      status: h.status,
      createdAt: now - (h.daysAgo + 1) * DAY,
    });
    await insertLogEntry(store.db, {
      eventId: event.id,
      action: h.action,
      reason: h.reason,
      moderatorId: moderator,
      now: now - h.daysAgo * DAY,
    });
  }
}
