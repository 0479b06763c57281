import type { SessionResponse } from '../../common/schemas/auth';
import { startTestServer, type TestServer, type TestServerOptions } from './harness';
import { startTestSmtpServer, type TestSmtpServer } from './smtp';

export interface MailTestSetup {
  server: TestServer;
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

/**
 * An app server that sends its email to a test SMTP server (server/testing/smtp.ts), with PUBLIC_URL
 * set to its real address so the links in the emails open it.
 */
export async function startServerWithMail(
  options: {
    smtp?: Parameters<typeof startTestSmtpServer>[0];
    env?: Record<string, string>;
    server?: Omit<TestServerOptions, 'env'>;
  } = {},
): Promise<MailTestSetup> {
  const smtp = await startTestSmtpServer(options.smtp);
  const server = await startTestServer({ ...options.server, env: { ...smtp.env, ...options.env } });
  // Known once listening; the sender builds links from it when it sends.
  server.env.PUBLIC_URL = server.url;
  return {
    server,
    smtp,
    async close() {
      await server.close();
      await smtp.stop();
    },
  };
}

/** A JSON POST as the web app sends it, with the caller's cookie and (per-IP limits) address. */
export function postJson(
  server: TestServer,
  path: string,
  body: unknown,
  { cookie, ip }: { cookie?: string; ip?: string } = {},
): Promise<Response> {
  return server.fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The `sid=…` pair a response set, for the next request's Cookie header ('' if none). */
export const sessionCookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid=') && c.length > 4) ?? '';

/** Rows of the outbox, oldest first (what was written, whatever was sent). */
export const outboxRows = (server: TestServer) =>
  server.store.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id').execute();

/** Poll until `check` passes (the sender works in the background); fails with the last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Who this session cookie signs in, as the app sees it (null when signed out). */
export async function sessionUserOf(server: TestServer, cookie: string): Promise<SessionResponse['user']> {
  const res = await server.fetch('/api/auth/session', { headers: { cookie } });
  return ((await res.json()) as SessionResponse).user;
}

/** The token of a password-reset or verification link (after `#token=`). */
export const linkToken = (link: string): string => link.slice(link.indexOf('#token=') + '#token='.length);
