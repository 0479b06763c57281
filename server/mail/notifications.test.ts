import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMailPreferences } from '../store/mailPreferences';
import type { UserRow } from '../store/schema';
import {
  createEvent,
  createModerator,
  createReport,
  createSeriesEvents,
  createUser,
  secondDateOfMarchFridays,
  sessionCookieFor,
  validEventInput,
} from '../testing/factories';
import type { TestServer } from '../testing/harness';
import { type MailTestSetup, outboxRows, postJson, startServerWithMail } from '../testing/mail';
import type { ReceivedMail } from '../testing/smtp';
import { DIGEST_HOUR_UTC, queueDailyDigests } from './notify';
import { Outbox } from './outbox';

/**
 * Every notification, end to end: the cause happens through the API, the email arrives at a real SMTP
 * server, and says what it should, to whom it should, and nothing more.
 */
let mail: MailTestSetup;
let server: TestServer;
let moderator: UserRow;
let modCookie: string;

beforeAll(async () => {
  mail = await startServerWithMail();
  server = mail.server;
  moderator = await createModerator(server.store, { name: 'Acting Moderator', emailVerified: true });
  modCookie = await sessionCookieFor(server.store, moderator);
});
afterAll(() => mail.close());

const act = async (eventId: string, action: 'approve' | 'reject' | 'remove', body: unknown) => {
  const res = await postJson(server, `/api/moderation/events/${eventId}/${action}`, body, {
    cookie: modCookie,
  });
  expect(res.status).toBe(200);
};

/** What every email must be: plain text and simple HTML, our links only, nothing remote, no tracking. */
function expectWellFormed(received: ReceivedMail) {
  expect(received.parsed.from?.value).toEqual([
    { name: 'Palestine Solidarity Calendar', address: 'calendar@example.org' },
  ]);
  expect(received.messageId).toMatch(/^<[A-Za-z0-9]{16}\.[a-z0-9]+@127\.0\.0\.1>$/);
  expect(received.header('Auto-Submitted')).toBe('auto-generated');
  expect(received.text.length).toBeGreaterThan(50);
  expect(received.html).not.toMatch(/<img|<script|<link|<iframe|url\(|src=/i);
  const links = [...received.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]?.replaceAll('&#38;', '&'));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link?.startsWith(`${server.url}/`), link).toBe(true);
  for (const link of received.text.match(/https?:\/\/\S+/g) ?? [])
    expect(link.startsWith(`${server.url}/`), link).toBe(true);
  expect(received.text).toContain('Palestine Solidarity Calendar');
}

const mailsTo = (user: { email: string }, title: string) =>
  mail.smtp.received.filter((m) => m.to === user.email && m.text.includes(title));

describe('to the submitter', () => {
  it('approved: with the link to the event', async () => {
    const submitter = await createUser(server.store, { name: 'Amal', emailVerified: true });
    const event = await createEvent(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Vigil for Gaza',
    });
    await act(event.id, 'approve', { verified: true });
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('Your event is on the calendar: Vigil for Gaza');
    expect(received.text).toContain('Hello Amal,');
    expect(received.text).toContain(`${server.url}/event/${event.id}`);
    expect(received.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(received.text).not.toContain('Acting Moderator');
    expectWellFormed(received);
  });

  it('approved, a recurring event: says the approval covers all its dates, and how many', async () => {
    const submitter = await createUser(server.store, { name: 'Amal', emailVerified: true });
    const first = await createSeriesEvents(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Weekly vigil',
    });
    await act(first.id, 'approve', { verified: false });
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('Your event is on the calendar: Weekly vigil');
    expect(received.text).toContain(
      'The moderators approved your recurring event “Weekly vigil”, all 3 dates. They are now on Palestine Solidarity Calendar for everyone to see.',
    );
    const row = (await outboxRows(server)).find((r) => r.user_id === submitter.id);
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({ dates: 3 });
    expectWellFormed(received);
  });

  it('rejected: with the moderators’ reason, quoted, and never the moderator', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const event = await createEvent(server.store, {
      status: 'pending',
      createdBy: submitter.id,
      title: 'Film <night> & talk',
    });
    await act(event.id, 'reject', { reason: 'Duplicate of an event\nalready listed' });
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('Your event was not published: Film <night> & talk');
    expect(received.text).toContain('> Duplicate of an event\n> already listed');
    expect(received.html).toContain('Film &#60;night&#62; &#38; talk');
    expect(received.html).toContain('Duplicate of an event<br>already listed');
    expect(received.text).toContain(`${server.url}/log`);
    expect(`${received.text}${received.html}`).not.toMatch(/Acting Moderator|moderator[^s]*@/);
    expectWellFormed(received);
  });

  it('removed: with the reason', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const event = await createEvent(server.store, {
      status: 'approved',
      createdBy: submitter.id,
      title: 'Teach-in',
    });
    await act(event.id, 'remove', { reason: 'The organisers cancelled it' });
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('Your event was removed: Teach-in');
    expect(received.text).toContain('> The organisers cancelled it');
    expectWellFormed(received);
  });

  it('a proposed change accepted, then one rejected with the reason (docs/PRODUCT.md#my-events)', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const cookie = await sessionCookieFor(server.store, submitter);
    const event = await createEvent(server.store, { createdBy: submitter.id, title: 'Picnic' });
    const propose = async (title: string, version: number) => {
      const res = await postJson(
        server,
        `/api/events/${event.id}/edit`,
        { ...validEventInput({ title }), version },
        { cookie },
      );
      expect(res.status).toBe(200);
    };
    await propose('Picnic in the park', 1);
    const accepted = await postJson(
      server,
      `/api/moderation/events/${event.id}/accept-change`,
      { version: 2 },
      {
        cookie: modCookie,
      },
    );
    expect(accepted.status).toBe(200);
    const first = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(first.subject).toBe('Your changes are published: Picnic in the park');
    expect(first.text).toContain(
      'The moderators accepted the changes you proposed to “Picnic in the park”. The event’s page shows them now.',
    );
    expect(first.text).toContain(`${server.url}/event/${event.id}`);
    expectWellFormed(first);

    await propose('Picnic (free food)', 3);
    const rejected = await postJson(
      server,
      `/api/moderation/events/${event.id}/reject-change`,
      { version: 4, reason: 'The source does not say so' },
      { cookie: modCookie },
    );
    expect(rejected.status).toBe(200);
    const second = await mail.smtp.waitFor((m) => m.to === submitter.email && m.subject !== first.subject);
    expect(second.subject).toBe('Your changes were not accepted: Picnic in the park');
    expect(second.text).toContain(
      'The moderators reviewed the changes you proposed to “Picnic in the park” and did not accept them. The event stays as it was published.',
    );
    expect(second.text).toContain('The moderators’ reason:\n> The source does not say so');
    expect(second.text).not.toContain('Acting Moderator');
    expectWellFormed(second);
  });

  it('cancelled by a moderator, with the note; never when the submitter did it', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const own = await createEvent(server.store, { createdBy: submitter.id, title: 'Rally one' });
    const byModerator = await createEvent(server.store, { createdBy: submitter.id, title: 'Rally two' });
    const cookie = await sessionCookieFor(server.store, submitter);
    const mine = await postJson(
      server,
      `/api/events/${own.id}/schedule`,
      { schedule: 'cancelled' },
      { cookie },
    );
    expect(mine.status).toBe(200);
    const theirs = await postJson(
      server,
      `/api/events/${byModerator.id}/schedule`,
      { schedule: 'cancelled', note: 'Police ban' },
      { cookie: modCookie },
    );
    expect(theirs.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('A moderator cancelled your event: Rally two');
    expect(received.text).toContain(
      'A moderator marked your event “Rally two” as cancelled. Its page and subscribed calendars show it so.',
    );
    // The note is the one the moderator wrote for attendees, not a reason given to the submitter.
    expect(received.text).toContain('Their note for attendees:\n> Police ban');
    expect(received.text).not.toContain('The moderators’ reason');
    expectWellFormed(received);
    expect((await outboxRows(server)).filter((r) => r.user_id === submitter.id)).toHaveLength(1);
  });

  it('postponed by a moderator: says postponed, not cancelled', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const event = await createEvent(server.store, { createdBy: submitter.id, title: 'Film night' });
    const res = await postJson(
      server,
      `/api/events/${event.id}/schedule`,
      { schedule: 'postponed' },
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('A moderator postponed your event: Film night');
    expect(received.text).toContain(
      'A moderator marked your event “Film night” as postponed. Its page and subscribed calendars show it so.',
    );
    expect(received.text).not.toMatch(/cancelled|note for attendees/);
    const row = (await outboxRows(server)).find((r) => r.user_id === submitter.id);
    expect(JSON.parse(row?.payload ?? '{}')).toMatchObject({ schedule: 'postponed' });
    expectWellFormed(received);
  });

  it('one date of a recurring event postponed by a moderator: names that date, and says the others stay', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    // Fridays 7, 14 and 21 March 2031, 18:00 in London.
    const first = await createSeriesEvents(server.store, {
      createdBy: submitter.id,
      date: '2031-03-07',
      title: 'Friday vigil',
    });
    const res = await postJson(
      server,
      `/api/events/${first.id}/schedule`,
      { schedule: 'postponed' },
      { cookie: modCookie },
    );
    expect(res.status).toBe(200);
    const received = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(received.subject).toBe('A moderator postponed your event: Friday vigil');
    expect(received.text).toContain(
      'A moderator marked your recurring event “Friday vigil” on Friday, March 7, 2031 at 6:00 PM as postponed. The other dates stay as they are',
    );
    expectWellFormed(received);
  });

  it('rows written before a payload said more read as they always did', async () => {
    const submitter = await createUser(server.store, { name: 'Old Row', emailVerified: true });
    const outbox = new Outbox(server.env);
    const old = (kind: 'event_called_off' | 'change_rejected' | 'event_approved', title: string) =>
      outbox.enqueue(server.store.db, {
        kind,
        userId: submitter.id,
        to: submitter.email,
        payload: {
          name: 'Old Row',
          eventId: 'e1',
          title,
          ...(kind === 'event_approved' ? {} : { reason: 'Why' }),
        },
      });
    await old('event_called_off', 'Old rally');
    await old('change_rejected', 'Old picnic');
    await old('event_approved', 'Old vigil');
    const calledOff = await mail.smtp.waitFor(
      (m) => m.to === submitter.email && m.text.includes('Old rally'),
    );
    expect(calledOff.subject).toBe('A moderator changed your event’s schedule: Old rally');
    expect(calledOff.text).toContain(
      'A moderator marked your event “Old rally” as cancelled or postponed. Its page and subscribed calendars show it so.',
    );
    const rejected = await mail.smtp.waitFor(
      (m) => m.to === submitter.email && m.text.includes('Old picnic'),
    );
    expect(rejected.text).toContain(
      'The moderators reviewed the changes you proposed to “Old picnic” and did not accept them. The event stays as it was published.',
    );
    const approved = await mail.smtp.waitFor((m) => m.to === submitter.email && m.text.includes('Old vigil'));
    expect(approved.text).toContain(
      'The moderators approved your event “Old vigil”. It is now on Palestine Solidarity Calendar for everyone to see.',
    );
  });

  it('a change to one date of a recurring event: names that date, in the event’s time zone', async () => {
    const submitter = await createUser(server.store, { emailVerified: true });
    const cookie = await sessionCookieFor(server.store, submitter);
    // Fridays 7, 14 and 21 March 2031, 18:00 in London: the 14th.
    const second = await secondDateOfMarchFridays(server.store, submitter.id, 'Friday vigil');
    const propose = async (description: string) => {
      const { version } = await server.store.db
        .selectFrom('events')
        .select('version')
        .where('id', '=', second.id)
        .executeTakeFirstOrThrow();
      const res = await postJson(
        server,
        `/api/events/${second.id}/edit`,
        {
          ...validEventInput({ title: 'Friday vigil', date: '2031-03-14', time: '18:00', description }),
          version,
        },
        { cookie },
      );
      expect(res.status).toBe(200);
      return version + 1;
    };
    const accepted = await postJson(
      server,
      `/api/moderation/events/${second.id}/accept-change`,
      { version: await propose('Bring candles and flags.') },
      { cookie: modCookie },
    );
    expect(accepted.status).toBe(200);
    const one = await mail.smtp.waitFor((m) => m.to === submitter.email);
    expect(one.subject).toBe('Your changes are published: Friday vigil');
    expect(one.text).toContain(
      'The moderators accepted the changes you proposed to “Friday vigil” on Friday, March 14, 2031 at 6:00 PM. The event’s page shows them now.',
    );
    expect(one.text).toContain(`${server.url}/event/${second.id}`);
    expectWellFormed(one);

    const rejected = await postJson(
      server,
      `/api/moderation/events/${second.id}/reject-change`,
      { version: await propose('Bring candles.'), reason: 'The source does not say so' },
      { cookie: modCookie },
    );
    expect(rejected.status).toBe(200);
    const two = await mail.smtp.waitFor((m) => m.to === submitter.email && m.subject !== one.subject);
    expect(two.subject).toBe('Your changes were not accepted: Friday vigil');
    expect(two.text).toContain(
      'The moderators reviewed the changes you proposed to “Friday vigil” on Friday, March 14, 2031 at 6:00 PM and did not accept them. That date stays as it was published.',
    );
    // The row holds the instant and the zone; the words are made when it is sent.
    const rows = (await outboxRows(server)).filter((r) => r.user_id === submitter.id);
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual([
      expect.objectContaining({ startsAt: second.starts_at, timezone: 'Europe/London' }),
      expect.objectContaining({ startsAt: second.starts_at, timezone: 'Europe/London' }),
    ]);
  });

  it('not to an address its owner never proved, nor for a kind they turned off; one email per action', async () => {
    const unproved = await createUser(server.store);
    const optedOut = await createUser(server.store, { emailVerified: true });
    await setMailPreferences(server.store.db, optedOut.id, { event_approved: false });
    const a = await createEvent(server.store, {
      status: 'pending',
      createdBy: unproved.id,
      title: 'Unproved one',
    });
    const b = await createEvent(server.store, {
      status: 'pending',
      createdBy: optedOut.id,
      title: 'Opted out one',
    });
    const c = await createEvent(server.store, {
      status: 'pending',
      createdBy: optedOut.id,
      title: 'Still wanted',
    });
    await act(a.id, 'approve', {});
    await act(b.id, 'approve', {});
    await act(c.id, 'reject', { reason: 'Not about Palestine' });
    await mail.smtp.waitFor((m) => m.to === optedOut.email && m.text.includes('Still wanted'));
    const rows = await outboxRows(server);
    expect(rows.filter((r) => r.user_id === unproved.id)).toEqual([]);
    expect(rows.filter((r) => r.user_id === optedOut.id).map((r) => r.kind)).toEqual(['event_rejected']);
    // A second approve is a 409 and writes nothing.
    const again = await postJson(
      server,
      `/api/moderation/events/${c.id}/reject`,
      { reason: 'Twice' },
      { cookie: modCookie },
    );
    expect(again.status).toBe(409);
    expect((await outboxRows(server)).filter((r) => r.user_id === optedOut.id)).toHaveLength(1);
  });
});

describe('to moderators who opt in', () => {
  it('each new submission, to those who asked, not to the moderator who submitted it', async () => {
    const wants = await createModerator(server.store, { emailVerified: true });
    const submitting = await createModerator(server.store, { emailVerified: true });
    const unproved = await createModerator(server.store);
    for (const m of [wants, submitting, unproved])
      await setMailPreferences(server.store.db, m.id, { new_submission: true });
    const author = await createUser(server.store, { emailVerified: true });
    const res = await postJson(server, '/api/events', validEventInput({ title: 'March for Palestine' }), {
      cookie: await sessionCookieFor(server.store, author),
    });
    expect(res.status).toBe(201);
    const received = await mail.smtp.waitFor(
      (m) => m.to === wants.email && m.text.includes('March for Palestine'),
    );
    expect(received.subject).toBe('New event to review: March for Palestine');
    expect(received.text).toContain(`${server.url}/moderation\n`);
    expect(received.text).not.toContain(author.email);
    expectWellFormed(received);
    const own = await postJson(
      server,
      '/api/events',
      validEventInput({ title: 'Submitted by a moderator' }),
      {
        cookie: await sessionCookieFor(server.store, submitting),
      },
    );
    expect(own.status).toBe(201);
    await mail.smtp.waitFor((m) => m.to === wants.email && m.text.includes('Submitted by a moderator'));
    expect(mailsTo(submitting, 'Submitted by a moderator')).toEqual([]);
    expect(mailsTo(unproved, 'March for Palestine')).toEqual([]);
    // The moderator who did not opt in (the acting one) got none.
    expect(mailsTo(moderator, 'March for Palestine')).toEqual([]);
  });

  it('each new report, with its reason and without the reporter; a repeat report writes nothing', async () => {
    const wants = await createModerator(server.store, { emailVerified: true });
    await setMailPreferences(server.store.db, wants.id, { new_report: true });
    const event = await createEvent(server.store, { title: 'Reported rally' });
    const reporter = await createUser(server.store, { name: 'Careful Reader', emailVerified: true });
    const cookie = await sessionCookieFor(server.store, reporter);
    expect(
      (await postJson(server, `/api/events/${event.id}/reports`, { reason: 'wrong_info' }, { cookie }))
        .status,
    ).toBe(201);
    const received = await mail.smtp.waitFor(
      (m) => m.to === wants.email && m.text.includes('Reported rally'),
    );
    expect(received.subject).toBe('Event reported: Reported rally');
    expect(received.text).toContain('Reason given:\n> Incorrect Information');
    // Its button opens the dashboard on the reported events.
    expect(received.text).toContain(`${server.url}/moderation?tab=reported\n`);
    expect(received.html).toContain(`href="${server.url}/moderation?tab=reported"`);
    for (const identity of [reporter.name, reporter.email, reporter.id]) {
      expect(`${received.text}${received.html}`).not.toContain(identity);
    }
    expectWellFormed(received);
    const count = (await outboxRows(server)).filter((r) => r.kind === 'new_report').length;
    expect(
      (await postJson(server, `/api/events/${event.id}/reports`, { reason: 'spam' }, { cookie })).status,
    ).toBe(201);
    expect((await outboxRows(server)).filter((r) => r.kind === 'new_report').length).toBe(count);
  });

  it('a daily digest of what waits: once a day each, from 06:00 UTC, only when something waits', async () => {
    const digest = await startServerWithMail();
    try {
      const store = digest.server.store;
      const outbox = new Outbox(digest.server.env);
      const wants = await createModerator(store, { emailVerified: true });
      const other = await createModerator(store, { emailVerified: true });
      await setMailPreferences(store.db, wants.id, { daily_digest: true });
      const DAY = 24 * 3600 * 1000;
      // A day a month ago: due at once, and apart from today's, which the server's own sender writes.
      const today = Date.now() - (Date.now() % DAY) - 30 * DAY;
      const early = today + DIGEST_HOUR_UTC * 3600 * 1000 - 60_000;
      const later = today + (DIGEST_HOUR_UTC + 3) * 3600 * 1000;
      expect(await queueDailyDigests(store.db, outbox, later)).toBe(0);

      for (let i = 0; i < 2; i++) await createEvent(store, { status: 'pending' });
      const reported = await createEvent(store, { status: 'approved' });
      await createReport(store, { eventId: reported.id, reportedBy: other.id });
      expect(await queueDailyDigests(store.db, outbox, early)).toBe(0);
      expect(await queueDailyDigests(store.db, outbox, later)).toBe(1);
      // Any server, any number of times that day: still one.
      expect(await queueDailyDigests(store.db, outbox, later + 3600 * 1000)).toBe(0);
      const row = await store.db
        .selectFrom('mail_outbox')
        .select('message_id')
        .where('dedupe_key', '=', `digest:${wants.id}:${new Date(later).toISOString().slice(0, 10)}`)
        .executeTakeFirstOrThrow();
      const received = await digest.smtp.waitFor((m) => m.messageId === row.message_id);
      expect(received.subject).toBe('Waiting for the moderators of Palestine Solidarity Calendar');
      expect(received.text).toContain('- 2 events to review');
      expect(received.text).toContain('- 1 reported event to look at');
      expect(received.text).toContain(`${digest.server.url}/moderation`);
      expect(digest.smtp.to(other.email)).toEqual([]);
      // The next day, another.
      expect(await queueDailyDigests(store.db, outbox, later + DAY)).toBe(1);
    } finally {
      await digest.close();
    }
  });
});
