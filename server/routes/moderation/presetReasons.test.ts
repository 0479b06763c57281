import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { PresetReason, PresetReasonList } from '../../../common/schemas/presetReasons';
import { apiClient, signedIn, signedInModerator } from '../../testing/api';
import { startTestServer, type TestServer } from '../../testing/harness';

// The moderators' preset reasons (docs/PRODUCT.md#moderation), on a database of their own.
let server: TestServer;
let monaCookie: string;
let omarCookie: string;
let userCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  monaCookie = (await signedInModerator(server.store)).cookie;
  omarCookie = (await signedInModerator(server.store)).cookie;
  userCookie = (await signedIn(server.store)).cookie;
});
afterAll(() => server.close());

const { call, json } = apiClient(() => server);
const list = async (cookie = monaCookie) =>
  (await json<PresetReasonList>(await call('/api/moderation/reasons', cookie))).items;

describe('preset reasons', () => {
  it('are added, edited and deleted by any moderator and shared by all', async () => {
    expect(await list()).toEqual([]);
    const spam = await json<PresetReason>(
      await call('/api/moderation/reasons', monaCookie, { kind: 'reject', text: '  Spam: not an event.  ' }),
      201,
    );
    expect(spam).toMatchObject({ kind: 'reject', text: 'Spam: not an event.' });
    const dup = await json<PresetReason>(
      await call('/api/moderation/reasons', omarCookie, { kind: 'reject', text: 'A duplicate listing.' }),
      201,
    );
    const gone = await json<PresetReason>(
      await call('/api/moderation/reasons', monaCookie, {
        kind: 'remove',
        text: 'Cancelled by its organisers.',
      }),
      201,
    );
    // Both moderators see all three, by kind, oldest first.
    for (const cookie of [monaCookie, omarCookie]) {
      expect((await list(cookie)).map((p) => p.text)).toEqual([
        'Spam: not an event.',
        'A duplicate listing.',
        'Cancelled by its organisers.',
      ]);
    }
    // Omar edits Mona's; Mona deletes Omar's.
    const edited = await json<PresetReason>(
      await call(`/api/moderation/reasons/${spam.id}`, omarCookie, {
        kind: 'reject',
        text: 'Spam or advertising.',
      }),
    );
    expect(edited).toEqual({ id: spam.id, kind: 'reject', text: 'Spam or advertising.' });
    expect(await json(await call(`/api/moderation/reasons/${dup.id}/delete`, monaCookie, {}))).toEqual({
      deleted: true,
    });
    expect(await list()).toEqual([edited, gone]);
    // Gone: 404 for an edit or another deletion.
    const again = await json<ApiError>(
      await call(`/api/moderation/reasons/${dup.id}/delete`, monaCookie, {}),
      404,
    );
    expect(again.error.message).toBe('This preset reason does not exist.');
    await json<ApiError>(
      await call(`/api/moderation/reasons/${dup.id}`, monaCookie, { kind: 'reject', text: 'x' }),
      404,
    );
    await json<ApiError>(await call('/api/moderation/reasons/not-an-id/delete', monaCookie, {}), 404);
  });

  it('refuses an empty or overlong reason, an unknown kind, and anyone but moderators', async () => {
    const before = await list();
    const empty = await json<ApiError>(
      await call('/api/moderation/reasons', monaCookie, { kind: 'reject', text: '   ' }),
      400,
    );
    expect(JSON.stringify(empty)).toContain('Write the reason.');
    await json<ApiError>(
      await call('/api/moderation/reasons', monaCookie, { kind: 'reject', text: 'x'.repeat(1001) }),
      400,
    );
    await json<ApiError>(
      await call('/api/moderation/reasons', monaCookie, { kind: 'ban', text: 'Spam' }),
      400,
    );
    await json<ApiError>(
      await call('/api/moderation/reasons', monaCookie, { kind: 'reject', text: 'a\u0000b' }),
      400,
    );
    expect((await call('/api/moderation/reasons', undefined)).status).toBe(401);
    expect((await call('/api/moderation/reasons', userCookie)).status).toBe(403);
    expect((await call('/api/moderation/reasons', userCookie, { kind: 'reject', text: 'Spam' })).status).toBe(
      403,
    );
    const id = before[0]?.id ?? 'AAAAAAAAAAAAAAAA';
    expect((await call(`/api/moderation/reasons/${id}/delete`, userCookie, {})).status).toBe(403);
    expect(
      (await call(`/api/moderation/reasons/${id}`, undefined, { kind: 'reject', text: 'x' })).status,
    ).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('keeps at most 100', async () => {
    const have = (await list()).length;
    for (let i = have; i < 100; i++) {
      await json(
        await call('/api/moderation/reasons', monaCookie, { kind: 'remove', text: `Reason ${i}` }),
        201,
      );
    }
    const refused = await json<ApiError>(
      await call('/api/moderation/reasons', monaCookie, { kind: 'remove', text: 'One more' }),
      409,
    );
    expect(refused.error.code).toBe('too_many_presets');
    expect((await list()).length).toBe(100);
  });
});
