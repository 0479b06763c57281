import { type AddressInfo, createServer, type Server, Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests (API and browser): `smtp-server` receives, `mailparser`
 * parses. In front of it sits a small TCP relay on the port the app is given, so a test can make the
 * mail server misbehave the ways real ones do: refuse (421), hang without a greeting, drop the
 * connection as the message is about to go, be down altogether, or refuse a recipient for good.
 * Only messages the server accepted (answered 250 to) count as received.
 */
export type SmtpBehaviour = 'accept' | 'refuse' | 'timeout' | 'drop' | 'down' | 'reject-recipient';

export interface ReceivedMail {
  parsed: ParsedMail;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header lines, e.g. `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. */
  header(name: string): string | undefined;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT */
  url: string;
  /** The app's email settings for this server, with short time-outs and retries. */
  env: Record<string, string>;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** Connections the relay has seen (delivery attempts, more or less). */
  connections: number;
  setBehaviour(behaviour: SmtpBehaviour): Promise<void>;
  /** The first accepted message (from `after` on) that matches, waiting for it (polls). */
  waitFor(
    match: (mail: ReceivedMail) => boolean,
    options?: { timeoutMs?: number; after?: number },
  ): Promise<ReceivedMail>;
  /** Messages to this address (case-insensitive). */
  to(address: string): ReceivedMail[];
  stop(): Promise<void>;
}

export const TEST_MAIL_FROM = 'Palestine Solidarity Calendar <calendar@example.org>';

/** Start one; `env` holds the settings a test server passes to the app. */
export async function startTestSmtpServer(
  options: { retryMs?: number; timeoutMs?: number; maxAttempts?: number } = {},
): Promise<TestSmtpServer> {
  let behaviour: SmtpBehaviour = 'accept';
  const received: ReceivedMail[] = [];
  const state = { connections: 0 };

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (behaviour === 'refuse') {
        return callback(
          Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }),
        );
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (behaviour === 'reject-recipient') {
        return callback(Object.assign(new Error(`No mailbox ${address.address}`), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const raw = parsed.headerLines.map((h) => h.line).join('\r\n');
          received.push({
            parsed,
            messageId: parsed.messageId ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            header: (name) =>
              parsed.headerLines
                .find((h) => h.key === name.toLowerCase())
                ?.line.slice(name.length + 1)
                .trim(),
            raw,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const backendPort = (smtp.server.address() as AddressInfo).port;

  // The relay: the address the app talks to.
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    state.connections += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    // Hang: accept the connection, say nothing (the app waits for a greeting that never comes).
    if (behaviour === 'timeout') return;
    const server = new Socket();
    sockets.add(server);
    server.on('close', () => {
      sockets.delete(server);
      client.destroy();
    });
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.connect(backendPort, '127.0.0.1');
    server.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk) => {
      // Drop: cut both sides as the client starts sending the message; nothing was accepted.
      if (behaviour === 'drop' && /^DATA\r?\n/im.test(chunk.toString('latin1'))) {
        client.destroy();
        server.destroy();
        return;
      }
      server.write(chunk);
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        relay.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (relay.address() as AddressInfo).port;
  let listening = true;
  const url = `smtp://127.0.0.1:${port}`;

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    url,
    env: {
      SMTP_URL: url,
      MAIL_FROM: TEST_MAIL_FROM,
      MAIL_RETRY_MS: String(options.retryMs ?? 100),
      // Long enough that a loaded test machine never times out a send the server accepted (which
      // would send it again: SMTP cannot tell), short enough for the tests of a hanging server.
      MAIL_TIMEOUT_MS: String(options.timeoutMs ?? 1500),
      MAIL_MAX_ATTEMPTS: String(options.maxAttempts ?? 10),
    },
    received,
    get connections() {
      return state.connections;
    },
    async setBehaviour(next) {
      behaviour = next;
      if (next === 'down' && listening) {
        listening = false;
        cutAll();
        await new Promise<void>((resolve) => relay.close(() => resolve()));
      } else if (next !== 'down' && !listening) {
        await listen(port);
        listening = true;
      }
    },
    async waitFor(match, { timeoutMs = 15_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(after).find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = received.map((m) => `${m.to}: ${m.subject}`).join('\n  ');
          throw new Error(`no matching email within ${timeoutMs} ms; received:\n  ${seen || '(none)'}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    to(address) {
      const wanted = address.toLowerCase();
      return received.filter((m) => m.to.toLowerCase() === wanted);
    },
    async stop() {
      cutAll();
      if (listening) await new Promise<void>((resolve) => relay.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** The link of a password-reset or verification email (text part). */
export function linkIn(
  mail: ReceivedMail,
  path: '/reset-password' | '/verify-email' | '/unsubscribe',
): string {
  const pattern =
    path === '/unsubscribe'
      ? /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/
      : new RegExp(`https?://\\S+${path}#token=[\\w-]+`);
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[0];
}
