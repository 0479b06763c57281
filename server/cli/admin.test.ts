import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordAccount, createUser } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { runAdmin } from './run';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    store: server.store,
    env: server.env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const roleOf = async (id: string) =>
  (await server.store.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow())
    .role;

describe('npm run admin', () => {
  it('promotes and demotes by email, in any case', async () => {
    const user = await createUser(server.store, { email: 'Organiser@Example.org' });
    expect(await admin('promote', 'organiser@example.ORG')).toEqual({
      code: 0,
      out: 'Organiser@Example.org is now a moderator.',
      err: '',
    });
    expect(await roleOf(user.id)).toBe('moderator');
    expect(await admin('demote', 'Organiser@Example.org')).toMatchObject({
      code: 0,
      out: 'Organiser@Example.org is now a regular user.',
    });
    expect(await roleOf(user.id)).toBe('user');
  });

  it('fails clearly, with a non-zero exit code, for an unknown email', async () => {
    for (const command of ['promote', 'demote']) {
      const result = await admin(command, 'nobody@example.org');
      expect(result.code).toBe(1);
      expect(result.err).toContain('No account with the email address "nobody@example.org"');
      expect(result.out).toBe('');
    }
  });

  it('lists accounts, moderators first, with how each signs in', async () => {
    await createPasswordAccount(server.store, { email: 'zed@example.org', name: 'Zed', role: 'moderator' });
    const { code, out } = await admin('list');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^ROLE\s+EMAIL\s+NAME\s+SIGN-IN\s+CREATED$/);
    expect(lines[1]).toMatch(/^moderator\s+zed@example\.org\s+Zed\s+password\s+\d{4}-\d{2}-\d{2}$/);
    expect(out).toMatch(/user\s+Organiser@Example\.org/);
    expect(lines.at(-1)).toMatch(/^\d+ accounts\.$/);
  });

  it('prints names and emails escaped: no forged row, no hidden or reordered text', async () => {
    await createUser(server.store, {
      email: 'bidi\u202Egro.elpmaxe@example.org',
      name: 'Mallory\nmoderator  admin@example.org  Fake\u001b[8m\r\\x41',
    });
    const { out } = await admin('list');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
    expect(out).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/);
    const row = out.split('\n').find((line) => line.includes('Mallory'));
    expect(row).toContain('bidi\\u202egro.elpmaxe@example.org');
    expect(row).toContain('Mallory\\nmoderator  admin@example.org  Fake\\x1b[8m\\r\\\\x41');
    expect(out.split('\n').filter((line) => line.startsWith('moderator  admin@'))).toEqual([]);
  });

  it('explains its usage for a missing or unknown command or argument', async () => {
    expect(await admin()).toMatchObject({ code: 2, out: expect.stringContaining('promote EMAIL') });
    expect(await admin('help')).toMatchObject({ code: 0, out: expect.stringContaining('demote EMAIL') });
    expect(await admin('grant', 'x@example.org')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown command "grant"'),
    });
    expect(await admin('promote')).toMatchObject({ code: 2, err: 'Usage: npm run admin -- promote EMAIL' });
  });

  it('runs as a command against DATABASE_URL with a non-zero exit for an unknown email', async () => {
    const user = await createUser(server.store, { email: 'cli-process@example.org' });
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
        env: { ...process.env, DATABASE_URL: server.env.DATABASE_URL },
      });
    const ok = await run('promote', 'cli-process@example.org');
    expect(ok.stdout.trim()).toBe('cli-process@example.org is now a moderator.');
    expect(await roleOf(user.id)).toBe('moderator');
    await expect(run('demote', 'missing@example.org')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the email address "missing@example.org"'),
    });
  }, 30_000);
});
