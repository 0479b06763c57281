import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto, EventList } from '../../../common/schemas/events';
import type { EditResult, EventEditState } from '../../../common/schemas/ownership';
import type { UserRow } from '../../store/schema';
import { apiClient } from '../../testing/api';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// Cancelled and postponed (docs/PRODUCT.md#cancelled-and-postponed): who may, what it changes, and
// what calendars, search engines and the list are told.

const HOUR = 3600 * 1000;
let server: TestServer;
let webRoot: string;
let submitter: UserRow;
let moderator: UserRow;
let submitterCookie: string;
let moderatorCookie: string;
let userCookie: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'palcal-shell-'));
  copyFileSync(join(process.cwd(), 'web', 'index.html'), join(webRoot, 'index.html'));
  server = await startTestServer({ webRoot });
  submitter = await createUser(server.store);
  moderator = await createModerator(server.store);
  submitterCookie = await sessionCookieFor(server.store, submitter);
  moderatorCookie = await sessionCookieFor(server.store, moderator);
  userCookie = await sessionCookieFor(server.store, await createUser(server.store));
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const setSchedule = (id: string, cookie: string | undefined, body: unknown) =>
  server.fetch(`/api/events/${id}/schedule`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function calendarEvent(id: string) {
  const text = await (await server.fetch(`/event/${id}.ics`)).text();
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return new ICAL.Event(vevent);
}

const auditOf = (eventId: string) =>
  server.store.db.selectFrom('moderation_audit').selectAll().where('event_id', '=', eventId).execute();

describe('POST /api/events/:id/schedule', () => {
  it('lets the submitter cancel: the list keeps it with its tag, calendars get STATUS:CANCELLED and a raised SEQUENCE', async () => {
    const event = await createEvent(server.store, { title: 'Rally to cancel', createdBy: submitter.id });
    const before = await calendarEvent(event.id);
    expect(before.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(before.sequence).toBe(0);

    const res = await setSchedule(event.id, submitterCookie, { schedule: 'cancelled', note: ' Police ban ' });
    expect(res.status).toBe(200);
    expect((await res.json()) as EventDto).toMatchObject({
      schedule: 'cancelled',
      scheduleNote: 'Police ban',
    });

    const listed = ((await (await server.fetch('/api/events?pageSize=100')).json()) as EventList).events;
    expect(listed.find((e) => e.id === event.id)).toMatchObject({
      schedule: 'cancelled',
      scheduleNote: 'Police ban',
    });

    const after = await calendarEvent(event.id);
    expect(after.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(after.sequence).toBe(1);
    expect(after.summary).toBe('Cancelled: Rally to cancel');
    expect(after.description).toContain('Cancelled: Police ban');
    // The submitter's own change is not a moderation action.
    expect(await auditOf(event.id)).toEqual([]);

    // The same again changes nothing (calendars are not told twice); back to scheduled raises it again.
    await setSchedule(event.id, submitterCookie, { schedule: 'cancelled', note: 'Police ban' });
    expect((await calendarEvent(event.id)).sequence).toBe(1);
    const back = await setSchedule(event.id, submitterCookie, { schedule: 'scheduled' });
    expect((await back.json()) as EventDto).toMatchObject({ schedule: 'scheduled' });
    const reinstated = await calendarEvent(event.id);
    expect([reinstated.component.getFirstPropertyValue('status'), reinstated.sequence]).toEqual([
      'CONFIRMED',
      2,
    ]);
  });

  it("lets a moderator postpone, written to the moderators' audit trail; JSON-LD says EventPostponed", async () => {
    const event = await createEvent(server.store, { createdBy: submitter.id });
    const res = await setSchedule(event.id, moderatorCookie, {
      schedule: 'postponed',
      note: 'New date soon',
    });
    expect(res.status).toBe(200);
    expect(await auditOf(event.id)).toMatchObject([
      { action: 'schedule_postponed', note: 'New date soon', moderator_id: moderator.id },
    ]);
    const html = await (await server.fetch(`/event/${event.id}`)).text();
    expect(html).toContain('"eventStatus":"https://schema.org/EventPostponed"');
    const ics = await calendarEvent(event.id);
    expect(ics.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('refuses visitors (401), other people (404, as for a hidden event), unpublished events (409) and unknown values (400)', async () => {
    const event = await createEvent(server.store, { createdBy: submitter.id });
    expect((await setSchedule(event.id, undefined, { schedule: 'cancelled' })).status).toBe(401);
    const other = await setSchedule(event.id, userCookie, { schedule: 'cancelled' });
    expect(other.status).toBe(404);
    expect(((await other.json()) as ApiError).error.message).toBe(
      "The event you're looking for doesn't exist or has been removed.",
    );
    const bad = await setSchedule(event.id, submitterCookie, { schedule: 'maybe' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiError).error.message).toContain('schedule must be one of');
    const pending = await createEvent(server.store, { status: 'pending', createdBy: submitter.id });
    const notPublished = await setSchedule(pending.id, submitterCookie, { schedule: 'cancelled' });
    expect(notPublished.status).toBe(409);
    expect(((await notPublished.json()) as ApiError).error.message).toBe(
      'Only a published event can be marked cancelled or postponed.',
    );
    // Someone else's pending event does not exist for them.
    expect((await setSchedule(pending.id, userCookie, { schedule: 'cancelled' })).status).toBe(404);
    const unchanged = await server.store.db
      .selectFrom('events')
      .select(['schedule', 'sequence'])
      .where('id', 'in', [event.id, pending.id])
      .execute();
    expect(unchanged).toEqual([
      { schedule: 'scheduled', sequence: 0 },
      { schedule: 'scheduled', sequence: 0 },
    ]);
  });
});

describe('a postponed event given its new date', () => {
  const { answer } = apiClient(() => server);
  const postponed = async () => {
    const event = await createEvent(server.store, {
      title: 'Postponed teach-in',
      createdBy: submitter.id,
      // On the minute, as every event sent by the form is.
      startsAt: Date.UTC(2031, 7, 1, 17, 0),
      endsAt: null,
    });
    expect(
      (await setSchedule(event.id, submitterCookie, { schedule: 'postponed', note: 'Date to come' })).status,
    ).toBe(200);
    return event;
  };
  const edit = async (id: string, cookie: string, change: (values: EventEditState['values']) => object) => {
    const state = await answer<EventEditState>(`/api/events/${id}/edit`, cookie);
    return answer<EditResult>(`/api/events/${id}/edit`, cookie, {
      ...change(state.values),
      version: state.version,
    });
  };
  const scheduleOf = async (id: string) => {
    const event = await answer<EventDto>(`/api/events/${id}`, null);
    return [event.schedule, event.scheduleNote ?? null];
  };

  it('goes ahead on it once its submitter’s change is accepted, or a moderator edits it in', async () => {
    const proposed = await postponed();
    await edit(proposed.id, submitterCookie, (values) => ({
      ...values,
      date: '2031-09-20',
      ...(values.endDate ? { endDate: '2031-09-20' } : {}),
    }));
    // Waiting for review, it is still postponed as published.
    expect(await scheduleOf(proposed.id)).toEqual(['postponed', 'Date to come']);
    const waiting = await answer<EventDto>(`/api/events/${proposed.id}`, moderatorCookie);
    await answer(`/api/moderation/events/${proposed.id}/accept-change`, moderatorCookie, {
      version: waiting.version,
    });
    expect(await scheduleOf(proposed.id)).toEqual(['scheduled', null]);
    const ics = await calendarEvent(proposed.id);
    expect(ics.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(ics.startDate.toJSDate().toISOString().slice(0, 10)).toBe('2031-09-20');

    const edited = await postponed();
    await edit(edited.id, moderatorCookie, (values) => ({ ...values, time: '09:15' }));
    expect(await scheduleOf(edited.id)).toEqual(['scheduled', null]);
  });

  it('stays postponed when an edit keeps its date', async () => {
    const event = await postponed();
    await edit(event.id, moderatorCookie, (values) => ({
      ...values,
      title: 'Postponed teach-in (new room)',
    }));
    expect(await scheduleOf(event.id)).toEqual(['postponed', 'Date to come']);
  });
});

describe('calendar files with an end and an online link', () => {
  it('carry the end that was given, or 2 hours after the start', async () => {
    const startsAt = Date.UTC(2031, 4, 17, 9);
    const long = await createEvent(server.store, { startsAt, endsAt: startsAt + 50 * HOUR });
    const plain = await createEvent(server.store, { startsAt });
    const ics = [await calendarEvent(long.id), await calendarEvent(plain.id)];
    expect(ics.map((e) => e.startDate.toJSDate().getTime())).toEqual([startsAt, startsAt]);
    expect(ics.map((e) => e.endDate.toJSDate().getTime())).toEqual([
      startsAt + 50 * HOUR,
      startsAt + 2 * HOUR,
    ]);
  });

  it('carry the link to join of an online event in its location and description', async () => {
    const online = await createEvent(server.store, {
      city: '',
      country: '',
      attendance: 'online',
      joinUrl: 'https://meet.example.org/open',
    });
    const ics = await calendarEvent(online.id);
    expect(ics.location).toBe('https://meet.example.org/open');
    expect(ics.description).toContain('Link to join: https://meet.example.org/open');
  });
});
