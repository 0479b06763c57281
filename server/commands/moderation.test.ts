import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON } from '../../common/moderationEnums';
import { AppError } from '../errors';
import type { Store } from '../store/db';
import { createEvent, createModerator, createReport, createUser } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { approveEvent } from './approveEvent';
import { dismissReports } from './dismissReports';
import { rejectEvent } from './rejectEvent';
import { removeEvent } from './removeEvent';

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let store: Store;
let moderatorId: string;

beforeAll(async () => {
  server = await startTestServer();
  store = server.store;
  moderatorId = (await createModerator(store)).id;
});
afterAll(() => server.close());

const ctx = () => ({ db: store.db, moderatorId });
const eventRow = (id: string) =>
  store.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const logOf = (id: string) =>
  store.db.selectFrom('transparency_log').selectAll().where('event_id', '=', id).execute();
const reportsOf = (id: string) =>
  store.db.selectFrom('reports').selectAll().where('event_id', '=', id).orderBy('created_at').execute();

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('approveEvent', () => {
  it('approves a pending event with the verified flag and no log entry', async () => {
    const event = await createEvent(store, { status: 'pending' });
    const row = await approveEvent({ ...ctx(), now: 1_000 }, { eventId: event.id, verified: true });
    expect(row).toMatchObject({ status: 'approved', verified: 1, approved_at: 1_000 });
    expect(await eventRow(event.id)).toMatchObject({ status: 'approved', verified: 1, approved_at: 1_000 });
    expect(await logOf(event.id)).toEqual([]);
  });

  it('approves without verifying', async () => {
    const event = await createEvent(store, { status: 'pending' });
    expect((await approveEvent(ctx(), { eventId: event.id, verified: false })).verified).toBe(0);
  });

  it('refuses an event that is not pending with 409 and changes nothing', async () => {
    const event = await createEvent(store, { status: 'rejected' });
    const error = await rejection(approveEvent(ctx(), { eventId: event.id, verified: true }));
    expect(error.statusCode).toBe(409);
    expect(await eventRow(event.id)).toMatchObject({ status: 'rejected', verified: 0 });
  });
});

describe('rejectEvent', () => {
  it('rejects a pending event and logs it with the trimmed reason and the real moderator', async () => {
    const event = await createEvent(store, { status: 'pending' });
    await rejectEvent({ ...ctx(), now: 2_000 }, { eventId: event.id, reason: '  Duplicate listing  ' });
    expect((await eventRow(event.id)).status).toBe('rejected');
    const log = await logOf(event.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'rejected',
      reason: 'Duplicate listing',
      moderator_id: moderatorId,
      created_at: 2_000,
    });
  });

  it('refuses an empty reason before touching anything', async () => {
    const event = await createEvent(store, { status: 'pending' });
    const error = await rejection(rejectEvent(ctx(), { eventId: event.id, reason: '   ' }));
    expect(error.statusCode).toBe(400);
    expect((await eventRow(event.id)).status).toBe('pending');
    expect(await logOf(event.id)).toEqual([]);
  });

  it('refuses an approved event (reject is for pending events only)', async () => {
    const event = await createEvent(store, { status: 'approved' });
    const error = await rejection(rejectEvent(ctx(), { eventId: event.id, reason: 'No' }));
    expect(error.statusCode).toBe(409);
    expect((await eventRow(event.id)).status).toBe('approved');
    expect(await logOf(event.id)).toEqual([]);
  });

  it('leaves nothing half-done when the log entry cannot be written', async () => {
    const event = await createEvent(store, { status: 'pending' });
    // A moderator id that is no user: the log insert fails its foreign key, after the status update.
    await expect(
      rejectEvent({ db: store.db, moderatorId: 'NoSuchModerator1' }, { eventId: event.id, reason: 'Spam' }),
    ).rejects.toThrow();
    expect((await eventRow(event.id)).status).toBe('pending');
    expect(await logOf(event.id)).toEqual([]);
  });
});

describe('removeEvent', () => {
  it('removes an approved event, closes its open reports and logs the default reason', async () => {
    const event = await createEvent(store, { status: 'approved' });
    const reporters = [await createUser(store), await createUser(store)];
    for (const r of reporters) await createReport(store, { eventId: event.id, reportedBy: r.id });
    await removeEvent({ ...ctx(), now: 3_000 }, { eventId: event.id });

    expect((await eventRow(event.id)).status).toBe('removed');
    const reports = await reportsOf(event.id);
    expect(reports.map((r) => [r.status, r.closed_by, r.closed_at])).toEqual([
      ['closed', moderatorId, 3_000],
      ['closed', moderatorId, 3_000],
    ]);
    const log = await logOf(event.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'removed',
      reason: DEFAULT_REMOVAL_REASON,
      moderator_id: moderatorId,
    });
  });

  it('refuses the reports’ standard reason once no report is open, and changes nothing', async () => {
    // Another moderator dismissed the reports while this one still saw them listed.
    const event = await createEvent(store, { status: 'approved' });
    const reporter = await createUser(store);
    await createReport(store, { eventId: event.id, reportedBy: reporter.id });
    await dismissReports(ctx(), { eventId: event.id });
    for (const reason of [undefined, DEFAULT_REMOVAL_REASON, `  ${DEFAULT_REMOVAL_REASON} `]) {
      const error = await rejection(removeEvent(ctx(), { eventId: event.id, reason }));
      expect([error.statusCode, error.code]).toEqual([409, 'no_open_reports']);
    }
    expect((await eventRow(event.id)).status).toBe('approved');
    expect(await logOf(event.id)).toEqual([]);
    // A reason of the moderator's own needs no report.
    await removeEvent(ctx(), { eventId: event.id, reason: 'A duplicate of another listing' });
    expect((await eventRow(event.id)).status).toBe('removed');
  });

  it('keeps a moderator-given reason', async () => {
    const event = await createEvent(store, { status: 'approved' });
    await removeEvent(ctx(), { eventId: event.id, reason: 'Organiser cancelled it' });
    expect((await logOf(event.id))[0]?.reason).toBe('Organiser cancelled it');
  });

  it('removes a past event with the past-event reason, and refuses one still to come', async () => {
    const old = await createEvent(store, { status: 'approved', startsAt: Date.now() - DAY });
    await removeEvent(ctx(), { eventId: old.id, pastEvent: true });
    expect((await logOf(old.id))[0]).toMatchObject({ action: 'removed', reason: PAST_EVENT_REMOVAL_REASON });

    const upcoming = await createEvent(store, { status: 'approved', startsAt: Date.now() + DAY });
    const error = await rejection(removeEvent(ctx(), { eventId: upcoming.id, pastEvent: true }));
    expect([error.statusCode, error.code]).toEqual([409, 'event_not_past']);
    expect((await eventRow(upcoming.id)).status).toBe('approved');
    expect(await logOf(upcoming.id)).toEqual([]);
  });

  it('refuses a pending event', async () => {
    const event = await createEvent(store, { status: 'pending' });
    expect((await rejection(removeEvent(ctx(), { eventId: event.id }))).statusCode).toBe(409);
    expect((await eventRow(event.id)).status).toBe('pending');
  });

  it('leaves the event approved and its reports open when the log entry fails', async () => {
    const event = await createEvent(store, { status: 'approved' });
    const reporter = await createUser(store);
    await createReport(store, { eventId: event.id, reportedBy: reporter.id });
    await expect(
      removeEvent({ db: store.db, moderatorId: 'NoSuchModerator1' }, { eventId: event.id }),
    ).rejects.toThrow();
    expect((await eventRow(event.id)).status).toBe('approved');
    expect((await reportsOf(event.id)).map((r) => r.status)).toEqual(['open']);
    expect(await logOf(event.id)).toEqual([]);
  });
});

describe('dismissReports', () => {
  it('closes every open report of the event and writes no log entry', async () => {
    const event = await createEvent(store, { status: 'approved' });
    for (let i = 0; i < 3; i++) {
      await createReport(store, { eventId: event.id, reportedBy: (await createUser(store)).id });
    }
    expect(await dismissReports(ctx(), { eventId: event.id })).toBe(3);
    expect(
      (await reportsOf(event.id)).every((r) => r.status === 'closed' && r.closed_by === moderatorId),
    ).toBe(true);
    expect((await eventRow(event.id)).status).toBe('approved');
    expect(await logOf(event.id)).toEqual([]);
  });

  it('answers 409 when there is nothing left to dismiss', async () => {
    const event = await createEvent(store, { status: 'approved' });
    expect((await rejection(dismissReports(ctx(), { eventId: event.id }))).statusCode).toBe(409);
  });

  it("refuses an event that is no longer approved with the policy's 409, leaving its reports open", async () => {
    const event = await createEvent(store, { status: 'removed' });
    await createReport(store, { eventId: event.id, reportedBy: (await createUser(store)).id });
    const error = await rejection(dismissReports(ctx(), { eventId: event.id }));
    expect([error.statusCode, error.code]).toEqual([409, 'status_changed']);
    expect(error.message).toContain('already been removed');
    expect((await reportsOf(event.id)).map((r) => r.status)).toEqual(['open']);
  });

  it('lets a later report open the event again', async () => {
    const event = await createEvent(store, { status: 'approved' });
    const reporter = await createUser(store);
    await createReport(store, { eventId: event.id, reportedBy: reporter.id });
    await dismissReports(ctx(), { eventId: event.id });
    // The same person may report again: the closed report does not block a new open one.
    await createReport(store, { eventId: event.id, reportedBy: reporter.id });
    expect((await reportsOf(event.id)).map((r) => r.status)).toEqual(['closed', 'open']);
  });
});
