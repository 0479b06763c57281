import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto } from '../../../common/schemas/events';
import type { AuditTrail, ModerationCounts, ModerationList } from '../../../common/schemas/moderation';
import type {
  BulkResult,
  ClaimResult,
  Note,
  NoteList,
  Person,
  SimilarEvents,
} from '../../../common/schemas/queue';
import { CLAIM_MS } from '../../store/claims';
import type { EventRow, UserRow } from '../../store/schema';
import { apiClient, signedIn, signedInModerator } from '../../testing/api';
import {
  createEvent,
  createPasswordAccount,
  sessionCookieFor,
  validEventInput,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { logOf, statusesOf } from '../../testing/rows';

// Moderators' time (docs/PRODUCT.md#moderation): duplicates, trusted organisers, bulk decisions,
// claims and private notes, through the real HTTP server (on SQLite, and on PostgreSQL in api-pg).
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
let server: TestServer;
let ana: UserRow;
let anaCookie: string;
let omar: UserRow;
let omarCookie: string;
let organiser: UserRow;
let organiserCookie: string;
let otherCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ user: ana, cookie: anaCookie } = await signedInModerator(server.store, { name: 'Ana Moderator' }));
  ({ user: omar, cookie: omarCookie } = await signedInModerator(server.store, { name: 'Omar Moderator' }));
  ({ user: organiser, cookie: organiserCookie } = await signedIn(server.store, {
    name: 'Layla Organiser',
    emailVerified: true,
  }));
  otherCookie = (await signedIn(server.store, { emailVerified: true })).cookie;
});
afterAll(() => server.close());

const { call, json } = apiClient(() => server);
const pendingList = async (cookie = anaCookie, query = 'tab=pending&pageSize=100') =>
  (await json<ModerationList>(await call(`/api/moderation/events?${query}`, cookie))).items;

describe('possible duplicates', () => {
  // A day of its own, far from every other test's events.
  const base = Date.UTC(2032, 2, 10, 18, 0);
  let published: EventRow;
  let pendingTwin: EventRow;
  let probe: EventRow;

  beforeAll(async () => {
    const s = server.store;
    published = await createEvent(s, {
      title: 'Vigil for Gaza at the town hall',
      city: 'Leeds',
      startsAt: base,
    });
    pendingTwin = await createEvent(s, {
      title: 'Vigil for Gaza — town hall',
      city: 'Leeds',
      startsAt: base + 20 * HOUR,
      status: 'pending',
      createdBy: organiser.id,
    });
    probe = await createEvent(s, {
      title: 'Gaza vigil at the Town Hall',
      city: 'leeds',
      startsAt: base + 2 * HOUR,
      status: 'pending',
    });
    // Not duplicates: another city, another week, another title.
    await createEvent(s, { title: 'Vigil for Gaza at the town hall', city: 'York', startsAt: base });
    await createEvent(s, {
      title: 'Vigil for Gaza at the town hall',
      city: 'Leeds',
      startsAt: base + 3 * DAY,
    });
    await createEvent(s, { title: 'Film night: Born in Gaza', city: 'Leeds', startsAt: base + HOUR });
  });

  it('flags a pending event whose city, days and title match, in the queue, with what it matches', async () => {
    const items = await pendingList();
    const item = items.find((i) => i.event.id === probe.id);
    expect(item?.duplicates?.map((d) => d.id).sort()).toEqual([published.id, pendingTwin.id].sort());
    expect(item?.duplicates?.find((d) => d.id === published.id)).toMatchObject({
      title: 'Vigil for Gaza at the town hall',
      status: 'approved',
      city: 'Leeds',
    });
  });

  it('answers the submit form with published events only, and pending ones too for moderators', async () => {
    const q = new URLSearchParams({
      title: 'Gaza Vigil at Town Hall',
      city: 'Leeds',
      date: '2032-03-10',
      time: '19:00',
      timezone: 'Europe/London',
    });
    const forSubmitter = await json<SimilarEvents>(await call(`/api/events/similar?${q}`, otherCookie));
    expect(forSubmitter.items.map((e) => e.id)).toEqual([published.id]);
    // Layla's own pending twin is not shown to her either: only what is published.
    const forOwner = await json<SimilarEvents>(await call(`/api/events/similar?${q}`, organiserCookie));
    expect(forOwner.items.map((e) => e.status)).toEqual(['approved']);
    const forModerator = await json<SimilarEvents>(await call(`/api/events/similar?${q}`, anaCookie));
    expect(forModerator.items.map((e) => e.id).sort()).toEqual(
      [published.id, pendingTwin.id, probe.id].sort(),
    );
    expect((await call(`/api/events/similar?${q}`, undefined)).status).toBe(401);
  });

  it('finds nothing for an unlike title, and refuses a bad date or an overlong title with a coded 400', async () => {
    const none = new URLSearchParams({ title: 'Community iftar', city: 'Leeds', date: '2032-03-10' });
    expect((await json<SimilarEvents>(await call(`/api/events/similar?${none}`, otherCookie))).items).toEqual(
      [],
    );
    const badDate = await json<ApiError>(
      await call('/api/events/similar?title=Vigil&city=Leeds&date=2032-02-30', otherCookie),
      400,
    );
    expect(badDate.error.messageCode).toBe('param.date');
    const long = new URLSearchParams({ title: 'Vigil '.repeat(40), city: 'Leeds', date: '2032-03-10' });
    const tooLong = await json<ApiError>(await call(`/api/events/similar?${long}`, otherCookie), 400);
    expect(tooLong.error.messageCode).toBe('param.tooLong');
  });

  it('answers a title of hostile length within the limit quickly', async () => {
    const hostile = new URLSearchParams({
      title: `${'ab'.repeat(99)}x`,
      city: 'Leeds',
      date: '2032-03-10',
    });
    const started = performance.now();
    await json<SimilarEvents>(await call(`/api/events/similar?${hostile}`, otherCookie));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('trusted organisers', () => {
  it('a moderator trusts a person: their next submission is published at once, marked to check', async () => {
    const person = await json<Person>(await call(`/api/moderation/people/${organiser.id}`, anaCookie));
    expect(person).toMatchObject({ id: organiser.id, name: 'Layla Organiser', trusted: false });
    // Not trusted yet: a submission waits.
    const waiting = await json<EventDto>(await call('/api/events', organiserCookie, validEventInput()), 201);
    expect(waiting.status).toBe('pending');

    const trusted = await json<Person>(
      await call(`/api/moderation/people/${organiser.id}/trust`, anaCookie, { trusted: true }),
    );
    expect(trusted.trusted).toBe(true);
    expect(trusted.history.map((h) => [h.action, h.moderator.name])).toEqual([['trusted', 'Ana Moderator']]);
    // Trusting again says so, and changes nothing.
    const again = await json<ApiError>(
      await call(`/api/moderation/people/${organiser.id}/trust`, omarCookie, { trusted: true }),
      409,
    );
    expect(again.error.messageCode).toBe('moderation.alreadyTrusted');

    const published = await json<EventDto>(
      await call(
        '/api/events',
        organiserCookie,
        validEventInput({ title: 'Teach-in on the right of return' }),
      ),
      201,
    );
    expect(published.status).toBe('approved');
    // Everyone sees it at once.
    expect((await call(`/api/events/${published.id}`, undefined)).status).toBe(200);

    // Moderators see it as published without review, in a list of its own, and counted.
    const counts = await json<ModerationCounts>(await call('/api/moderation/counts', anaCookie));
    expect(counts.unreviewed).toBe(1);
    const unreviewed = await pendingList(anaCookie, 'tab=approved&show=unreviewed');
    expect(unreviewed.map((i) => [i.event.id, i.unreviewed, i.submitter?.trusted])).toEqual([
      [published.id, true, true],
    ]);

    // Checked: the mark goes, audited; a second check is told it is done already.
    await json(await call(`/api/moderation/events/${published.id}/checked`, omarCookie, {}));
    const second = await json<ApiError>(
      await call(`/api/moderation/events/${published.id}/checked`, anaCookie, {}),
      409,
    );
    expect(second.error.messageCode).toBe('moderation.notUnreviewed');
    expect(await pendingList(anaCookie, 'tab=approved&show=unreviewed')).toEqual([]);
    const audit = await json<AuditTrail>(
      await call(`/api/moderation/events/${published.id}/audit`, anaCookie),
    );
    expect(audit.entries.map((e) => [e.action, e.moderator.name])).toEqual([['checked', 'Omar Moderator']]);

    // Untrusted: submissions wait again.
    await json(await call(`/api/moderation/people/${organiser.id}/trust`, omarCookie, { trusted: false }));
    const after = await json<EventDto>(
      await call('/api/events', organiserCookie, validEventInput({ title: 'Later march' })),
      201,
    );
    expect(after.status).toBe('pending');
    const history = await json<Person>(await call(`/api/moderation/people/${organiser.id}`, anaCookie));
    expect(history.history.map((h) => [h.action, h.moderator.name])).toEqual([
      ['trusted', 'Ana Moderator'],
      ['untrusted', 'Omar Moderator'],
    ]);
  });

  it('is moderators-only, and never in the public log or in what the person reads of themselves', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [organiserCookie, 403],
      [otherCookie, 403],
    ] as const) {
      expect(
        (await call(`/api/moderation/people/${organiser.id}/trust`, cookie, { trusted: true })).status,
      ).toBe(status);
      expect((await call(`/api/moderation/people/${organiser.id}`, cookie)).status).toBe(status);
    }
    const log = await (await call('/api/log', organiserCookie)).text();
    expect(log).not.toContain('trusted');
    const session = await (await call('/api/auth/session', organiserCookie)).text();
    expect(session).not.toMatch(/trust/i);
    const exported = await (await call('/api/account/export', organiserCookie)).text();
    expect(exported).not.toMatch(/trust/i);
  });

  it('refuses an unknown person and a malformed body with coded answers', async () => {
    const missing = await json<ApiError>(
      await call('/api/moderation/people/AAAAAAAAAAAAAAAA/trust', anaCookie, { trusted: true }),
      404,
    );
    expect(missing.error.messageCode).toBe('moderation.personNotFound');
    const bad = await json<ApiError>(
      await call(`/api/moderation/people/${organiser.id}/trust`, anaCookie, { trusted: 'yes' }),
      400,
    );
    expect(bad.error.messageCode).toBe('param.trueOrFalse');
  });
});

describe('bulk decisions', () => {
  it('rejects several with one reason, each with its log entry, and says what happened to each', async () => {
    const wave = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createEvent(server.store, {
          title: `Spam wave ${i}`,
          status: 'pending',
          startsAt: Date.now() + 40 * DAY,
        }),
      ),
    );
    // One was handled by Omar already; one id names nothing.
    await json(await call(`/api/moderation/events/${wave[0]!.id}/approve`, omarCookie, {}));
    const result = await json<BulkResult>(
      await call('/api/moderation/bulk', anaCookie, {
        ids: [...wave.map((e) => e.id), 'AAAAAAAAAAAAAAAA'],
        action: 'reject',
        reason: 'Advertising, not an event.',
      }),
    );
    expect(result.results.map((r) => r.outcome)).toEqual([
      'already_decided',
      'done',
      'done',
      'done',
      'done',
      'not_found',
    ]);
    expect(result.results[0]?.message).toContain('already been approved');
    const ids = wave.map((e) => e.id);
    const statuses = await statusesOf(server.store, ids);
    expect(statuses.filter((r) => r.status === 'rejected')).toHaveLength(4);
    const log = await logOf(server.store, ids);
    expect(log).toHaveLength(4);
    expect(new Set(log.map((l) => l.reason))).toEqual(new Set(['Advertising, not an event.']));
  });

  it('approves several', async () => {
    const good = await Promise.all(
      [1, 2].map((i) => createEvent(server.store, { title: `Good one ${i}`, status: 'pending' })),
    );
    const result = await json<BulkResult>(
      await call('/api/moderation/bulk', omarCookie, { ids: good.map((e) => e.id), action: 'approve' }),
    );
    expect(result.results.map((r) => r.outcome)).toEqual(['done', 'done']);
    for (const e of good) expect((await call(`/api/events/${e.id}`, undefined)).status).toBe(200);
  });

  it('refuses a rejection without a reason, no ids, too many ids, and non-moderators', async () => {
    const pending = await createEvent(server.store, { status: 'pending' });
    const noReason = await json<ApiError>(
      await call('/api/moderation/bulk', anaCookie, { ids: [pending.id], action: 'reject' }),
      400,
    );
    expect(noReason.error.messageCode).toBe('moderation.rejectReasonRequired');
    const none = await json<ApiError>(
      await call('/api/moderation/bulk', anaCookie, { ids: [], action: 'approve' }),
      400,
    );
    expect(none.error.messageCode).toBe('moderation.bulkIds');
    const many = await json<ApiError>(
      await call('/api/moderation/bulk', anaCookie, {
        ids: Array.from({ length: 101 }, () => 'AAAAAAAAAAAAAAAA'),
        action: 'approve',
      }),
      400,
    );
    expect(many.error.messageCode).toBe('moderation.bulkTooMany');
    expect(
      (await call('/api/moderation/bulk', otherCookie, { ids: [pending.id], action: 'approve' })).status,
    ).toBe(403);
    const { status } = await server.store.db
      .selectFrom('events')
      .select('status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe('pending');
  });
});

describe('claims', () => {
  it('shows other moderators who is looking, until it expires, and lets it go', async () => {
    const event = await createEvent(server.store, { title: 'Claimed one', status: 'pending' });
    const mine = await json<ClaimResult>(
      await call(`/api/moderation/events/${event.id}/claim`, anaCookie, {}),
    );
    expect(mine.claim).toMatchObject({ moderator: { id: ana.id, name: 'Ana Moderator' }, mine: true });
    const expires = Date.parse(mine.claim?.expiresAt ?? '');
    expect(expires - Date.now()).toBeGreaterThan(CLAIM_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(CLAIM_MS);

    // Omar sees Ana's claim on the card, and claiming does not take it from her.
    const seen = (await pendingList(omarCookie)).find((i) => i.event.id === event.id);
    expect(seen?.claim).toMatchObject({ moderator: { name: 'Ana Moderator' }, mine: false });
    const his = await json<ClaimResult>(
      await call(`/api/moderation/events/${event.id}/claim`, omarCookie, {}),
    );
    expect(his.claim).toMatchObject({ moderator: { id: ana.id }, mine: false });
    // Acting on it anyway is allowed (the dashboard warns first).
    expect((await call(`/api/moderation/events/${event.id}/approve`, omarCookie, {})).status).toBe(200);

    // Once it has expired, the card shows no claim and anyone may take it.
    await server.store.db
      .updateTable('event_claims')
      .set({ expires_at: Date.now() - 1 })
      .where('event_id', '=', event.id)
      .execute();
    const next = await createEvent(server.store, { title: 'Next one', status: 'pending' });
    await json(await call(`/api/moderation/events/${next.id}/claim`, anaCookie, {}));
    expect((await pendingList(omarCookie)).find((i) => i.event.id === next.id)?.claim?.mine).toBe(false);
    const taken = await json<ClaimResult>(
      await call(`/api/moderation/events/${event.id}/claim`, omarCookie, {}),
    );
    expect(taken.claim).toMatchObject({ moderator: { id: omar.id }, mine: true });

    // Ana lets go of hers: nobody is looking any more.
    expect(await json(await call(`/api/moderation/events/${next.id}/release`, anaCookie, {}))).toEqual({
      released: true,
    });
    expect((await pendingList(omarCookie)).find((i) => i.event.id === next.id)?.claim).toBeUndefined();
  });

  it('says 404 for an event that does not exist', async () => {
    const res = await json<ApiError>(
      await call('/api/moderation/events/AAAAAAAAAAAAAAAA/claim', anaCookie, {}),
      404,
    );
    expect(res.error.messageCode).toBe('moderation.eventNotFound');
  });
});

describe('private notes', () => {
  it('are added and listed by moderators on an event and on a person; each deletes only their own', async () => {
    const event = await createEvent(server.store, { status: 'pending', createdBy: organiser.id });
    const first = await json<Note>(
      await call(`/api/moderation/events/${event.id}/notes`, anaCookie, {
        text: '  Called the venue: confirmed.  ',
      }),
      201,
    );
    expect(first).toMatchObject({
      text: 'Called the venue: confirmed.',
      author: { name: 'Ana Moderator' },
      mine: true,
    });
    await json<Note>(
      await call(`/api/moderation/events/${event.id}/notes`, omarCookie, {
        text: 'Same group as last month.',
      }),
      201,
    );
    const listed = await json<NoteList>(await call(`/api/moderation/events/${event.id}/notes`, omarCookie));
    expect(listed.items.map((n) => [n.text, n.mine])).toEqual([
      ['Same group as last month.', true],
      ['Called the venue: confirmed.', false],
    ]);
    expect((await pendingList()).find((i) => i.event.id === event.id)?.notes).toBe(2);

    // Omar cannot delete Ana's note; Ana can.
    const notYours = await json<ApiError>(
      await call(`/api/moderation/notes/${first.id}/delete`, omarCookie, {}),
      403,
    );
    expect(notYours.error.messageCode).toBe('moderation.noteNotYours');
    expect(await json(await call(`/api/moderation/notes/${first.id}/delete`, anaCookie, {}))).toEqual({
      deleted: true,
    });
    const gone = await json<ApiError>(
      await call(`/api/moderation/notes/${first.id}/delete`, anaCookie, {}),
      404,
    );
    expect(gone.error.messageCode).toBe('moderation.noteNotFound');

    await json<Note>(
      await call(`/api/moderation/people/${organiser.id}/notes`, anaCookie, {
        text: 'Runs the Saturday vigils.',
      }),
      201,
    );
    const person = await json<Person>(await call(`/api/moderation/people/${organiser.id}`, omarCookie));
    expect(person.notes.map((n) => n.text)).toEqual(['Runs the Saturday vigils.']);
  });

  it('refuses an empty note and non-moderators, and never shows a note to its event submitter', async () => {
    const event = await createEvent(server.store, { status: 'approved', createdBy: organiser.id });
    const empty = await json<ApiError>(
      await call(`/api/moderation/events/${event.id}/notes`, anaCookie, { text: '   ' }),
      400,
    );
    expect(empty.error.messageCode).toBe('moderation.noteTextRequired');
    await json(
      await call(`/api/moderation/events/${event.id}/notes`, anaCookie, { text: 'Secret note 7731' }),
      201,
    );
    expect((await call(`/api/moderation/events/${event.id}/notes`, organiserCookie)).status).toBe(403);
    for (const cookie of [undefined, organiserCookie, otherCookie]) {
      for (const path of [`/api/events/${event.id}`, '/api/events?pageSize=100', '/api/my/events']) {
        expect(await (await call(path, cookie)).text()).not.toContain('Secret note 7731');
      }
    }
  });
});

describe('a deleted account', () => {
  it('takes the notes on the person and their trust with it; notes on their events stay', async () => {
    const person = await createPasswordAccount(server.store, {
      password: 'my password',
      emailVerified: true,
    });
    const cookie = await sessionCookieFor(server.store, person);
    const event = await createEvent(server.store, { status: 'approved', createdBy: person.id });
    await json(await call(`/api/moderation/people/${person.id}/trust`, anaCookie, { trusted: true }));
    await json(
      await call(`/api/moderation/people/${person.id}/notes`, anaCookie, { text: 'About them' }),
      201,
    );
    await json(await call(`/api/moderation/events/${event.id}/notes`, anaCookie, { text: 'About it' }), 201);
    expect((await call('/api/account/delete', cookie, { password: 'my password' })).status).toBe(200);
    const db = server.store.db;
    expect(
      await db.selectFrom('moderator_notes').select('text').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('trusted_people').selectAll().where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    const onEvent = await json<NoteList>(await call(`/api/moderation/events/${event.id}/notes`, anaCookie));
    expect(onEvent.items.map((n) => n.text)).toEqual(['About it']);
    expect((await call(`/api/moderation/people/${person.id}`, anaCookie)).status).toBe(404);
  });
});
