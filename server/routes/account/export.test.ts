import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountData, accountDataSchema } from '../../presenters/accountExport';
import {
  createEvent,
  createLogEntry,
  createModerator,
  createPasswordAccount,
  createReport,
  createUser,
  sessionCookieFor,
  validEventInput,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { ACCOUNT_RATE_RULES } from './rateLimits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/account/export', () => {
  it('holds the person’s profile, events, reports and the log about their events: theirs only', async () => {
    const store = server.store;
    const person = await createPasswordAccount(store, { name: 'Layla', emailVerified: true, language: 'ar' });
    const other = await createUser(store, { name: 'Someone Else' });
    const moderator = await createModerator(store, { name: 'Moderator Name' });
    const pending = await createEvent(store, {
      status: 'pending',
      createdBy: person.id,
      title: 'My vigil',
      venue: 'Town hall',
      accessibility: 'Step-free',
    });
    const rejected = await createEvent(store, {
      status: 'rejected',
      createdBy: person.id,
      title: 'My march',
    });
    await createLogEntry(store, { eventId: rejected.id, moderatorId: moderator.id, reason: 'Not an event' });
    const othersEvent = await createEvent(store, { createdBy: other.id, title: 'Not mine' });
    await createLogEntry(store, { eventId: othersEvent.id, moderatorId: moderator.id, action: 'removed' });
    await createReport(store, { eventId: othersEvent.id, reportedBy: person.id, reason: 'spam' });
    await createReport(store, { eventId: othersEvent.id, reportedBy: other.id });
    // A change proposed to a published event (docs/PRODUCT.md#my-events) is part of its history.
    const cookie = await sessionCookieFor(store, person);
    const published = await createEvent(store, { createdBy: person.id, title: 'My teach-in' });
    const proposal = await server.fetch(`/api/events/${published.id}/edit`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...validEventInput({ title: 'My teach-in, room 2' }), version: 1 }),
    });
    expect(proposal.status).toBe(200);

    const res = await server.fetch('/api/account/export', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="palestine-solidarity-calendar-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await res.text();
    const data: AccountData = accountDataSchema.strict().parse(JSON.parse(text));
    expect(data.profile).toEqual({
      name: 'Layla',
      email: person.email,
      role: 'user',
      createdAt: new Date(person.created_at).toISOString(),
      emailVerified: true,
      emailVerifiedAt: expect.any(String),
      signInMethods: ['password'],
      language: 'ar',
    });
    expect(data.events.map((e) => [e.title, e.status])).toEqual(
      expect.arrayContaining([
        ['My vigil', 'pending'],
        ['My march', 'rejected'],
      ]),
    );
    expect(data.events).toHaveLength(3);
    expect(data.proposedChanges).toEqual([
      {
        eventId: published.id,
        status: 'pending',
        proposed: expect.objectContaining({ title: 'My teach-in, room 2' }),
        reason: null,
        createdAt: expect.any(String),
        decidedAt: null,
      },
    ]);
    expect(data.events.find((e) => e.id === pending.id)).toMatchObject({
      venue: 'Town hall',
      accessibility: 'Step-free',
      sourceLink: pending.source_link,
      startsAt: new Date(pending.starts_at).toISOString(),
    });
    expect(data.reports).toEqual([
      { eventId: othersEvent.id, reason: 'spam', status: 'open', createdAt: expect.any(String) },
    ]);
    expect(data.moderationLog).toEqual([
      { eventId: rejected.id, action: 'rejected', reason: 'Not an event', createdAt: expect.any(String) },
    ]);
    // Nothing about anyone else, and no secrets.
    for (const absent of [
      moderator.id,
      'Moderator Name',
      other.id,
      'Someone Else',
      'Not mine',
      person.password_hash ?? '$scrypt$',
      '$scrypt$',
    ]) {
      expect(text).not.toContain(absent);
    }
  });

  it('asks a visitor to sign in', async () => {
    expect((await server.fetch('/api/account/export')).status).toBe(401);
  });

  it('is rate limited per account', async () => {
    // Inside one hour of the limit, whatever the clock says when the test runs.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-05-05T10:01:00Z') });
    const cookie = await sessionCookieFor(server.store, await createUser(server.store));
    for (let i = 0; i < ACCOUNT_RATE_RULES.exportData.limit; i++) {
      expect((await server.fetch('/api/account/export', { headers: { cookie } })).status).toBe(200);
    }
    expect((await server.fetch('/api/account/export', { headers: { cookie } })).status).toBe(429);
    vi.useRealTimers();
  });
});
