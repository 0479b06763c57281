import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('documents the account, email, My events and moderation endpoints, each with every method it has, in a valid document', async () => {
  const doc = (await (await server.fetch('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const documented = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
  expect(documented('/api/auth/forgot-password')).toEqual(['post']);
  expect(documented('/api/auth/reset-password')).toEqual(['post']);
  expect(documented('/api/auth/verify-email')).toEqual(['post']);
  expect(documented('/api/account/email')).toEqual(['get']);
  expect(documented('/api/account/email/preferences')).toEqual(['post']);
  expect(documented('/api/account/email/verification')).toEqual(['post']);
  expect(documented('/unsubscribe')).toEqual(['get', 'post']);
  expect(documented('/api/account/name')).toEqual(['post']);
  expect(documented('/api/account/password')).toEqual(['post']);
  expect(documented('/api/account/sign-out-everywhere')).toEqual(['post']);
  expect(documented('/api/account/export')).toEqual(['get']);
  expect(documented('/api/account/delete')).toEqual(['post']);
  expect(documented('/api/my/events')).toEqual(['get']);
  expect(documented('/api/events/{id}/edit')).toEqual(['get', 'post']);
  expect(documented('/api/events/{id}/withdraw')).toEqual(['post']);
  expect(documented('/api/moderation/events')).toEqual(['get']);
  for (const action of [
    'approve',
    'reject',
    'remove',
    'dismiss-reports',
    'verify',
    'accept-change',
    'reject-change',
  ]) {
    expect(documented(`/api/moderation/events/{id}/${action}`)).toEqual(['post']);
  }
  expect(documented('/api/moderation/events/{id}/audit')).toEqual(['get']);
  const result = await new Validator().validate(doc);
  expect(result.errors ?? []).toEqual([]);
});
