import { afterEach, beforeEach, expect, it } from 'vitest';
import { createEvent, createLogEntry, createModerator, createReport, createUser } from '../factories';
import { startTestServer, type TestServer } from '../harness';
import { consistencyProblems } from './consistency';

// The crash, race and backup tests trust this check to see a half-applied action: here it must.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

it('finds nothing wrong with actions applied whole', async () => {
  const moderator = await createModerator(server.store);
  await createEvent(server.store, { status: 'pending' });
  await createEvent(server.store, { status: 'approved' });
  const rejected = await createEvent(server.store, { status: 'rejected' });
  await createLogEntry(server.store, { eventId: rejected.id, moderatorId: moderator.id, action: 'rejected' });
  const removed = await createEvent(server.store, { status: 'removed' });
  await createLogEntry(server.store, { eventId: removed.id, moderatorId: moderator.id, action: 'removed' });
  expect(await consistencyProblems(server.store.db)).toEqual([]);
});

it('names every kind of half-applied action', async () => {
  const moderator = await createModerator(server.store);
  const reporter = await createUser(server.store);
  // Status changed, log entry missing.
  const rejectedNoLog = await createEvent(server.store, { status: 'rejected' });
  // Log entry written, status change lost.
  const pendingWithLog = await createEvent(server.store, { status: 'pending' });
  await createLogEntry(server.store, { eventId: pendingWithLog.id, moderatorId: moderator.id });
  // Two log entries for one transition.
  const removedTwice = await createEvent(server.store, { status: 'removed' });
  for (let i = 0; i < 2; i++) {
    await createLogEntry(server.store, {
      eventId: removedTwice.id,
      moderatorId: moderator.id,
      action: 'removed',
    });
  }
  // Removed, but its reports were left open.
  const removedOpen = await createEvent(server.store, { status: 'removed' });
  await createLogEntry(server.store, {
    eventId: removedOpen.id,
    moderatorId: moderator.id,
    action: 'removed',
  });
  await createReport(server.store, { eventId: removedOpen.id, reportedBy: reporter.id });

  const problems = await consistencyProblems(server.store.db);
  expect(problems).toHaveLength(5);
  expect(problems.join('\n')).toContain(`rejected event ${rejectedNoLog.id} has log entries []`);
  expect(problems.join('\n')).toContain(`pending event ${pendingWithLog.id} has log entries [rejected]`);
  expect(problems.join('\n')).toContain(
    `removed event ${removedTwice.id} has log entries [removed, removed]`,
  );
  expect(problems.join('\n')).toContain(`removed event ${removedOpen.id} still has an open report`);
  expect(
    problems.filter((p) => p.includes(`names event ${pendingWithLog.id} in state pending`)),
  ).toHaveLength(1);
});
