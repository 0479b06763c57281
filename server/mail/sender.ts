import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { createEmailToken, emailTokenLink } from '../auth/emailTokens';
import type { Env } from '../env';
import type { Store } from '../store/db';
import type { Database, MailOutboxRow } from '../store/schema';
import { type MailLinks, parseMailRow, type RenderedMail, renderMail } from './messages';
import { queueDailyDigests } from './notify';
import { claimNextMail, markMailSent, Outbox, pruneMail, recordMailFailure } from './outbox';
import { createUnsubscribeLink } from './unsubscribe';

/**
 * The message for an outbox row, with its links made now: a password or verification link (a fresh
 * single-use token) or a one-click unsubscribe link. Each attempt makes its own; links of an attempt
 * that failed were never seen by anyone and expire unused.
 */
export async function prepareMail(
  db: Kysely<Database>,
  env: Env,
  row: MailOutboxRow,
  now = Date.now(),
): Promise<RenderedMail> {
  const { kind } = parseMailRow(row);
  const links: MailLinks = {};
  if (kind === 'password_reset' || kind === 'email_verification') {
    const purpose = kind === 'password_reset' ? 'reset' : 'verify';
    const token = await createEmailToken(db, { userId: row.user_id, email: row.to_address, purpose, now });
    links.token = emailTokenLink(env.PUBLIC_URL, purpose, token);
  } else {
    links.unsubscribe = await createUnsubscribeLink(db, env.PUBLIC_URL, { userId: row.user_id, kind, now });
  }
  return renderMail(row, links, env);
}

/** The mail server refused this recipient for good (5xx to RCPT TO): waiting will not change that. */
function isPermanent(error: unknown): boolean {
  const e = error as { responseCode?: unknown; command?: unknown } | null;
  return typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.command === 'RCPT TO';
}

const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;
/** Emails per round at most, so a burst of failures cannot keep one round going. */
const ROUND_MAX = 50;

/**
 * Delivers the outbox (docs/EMAIL.md). Every app server runs one; each round claims due rows one by
 * one (claimNextMail: no two senders get the same row), sends each over SMTP and records the outcome.
 * A crash leaves claimed rows in `sending`: their claim lapses and any sender takes them up again. So
 * nothing written is lost, and nothing is sent twice unless a server dies between the mail server's
 * "accepted" and our "sent" (the same Message-ID then lets mail programs recognise the copy).
 */
export class MailSender {
  private readonly outbox: Outbox;
  private readonly transport: Transporter;
  /** Between rounds; also how soon a new email goes out. */
  private readonly pollMs: number;
  /** How long a claim holds: longer than the slowest send we wait for (sendTimeoutMs). */
  private readonly leaseMs: number;
  private readonly sendTimeoutMs: number;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = true;
  private lastHousekeeping = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: Store,
    private readonly env: Env,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outbox = new Outbox(env);
    this.pollMs = Math.min(1000, Math.max(100, env.MAIL_RETRY_MS));
    // Connecting, the greeting and each reply each get MAIL_TIMEOUT_MS; a whole send at most three.
    this.sendTimeoutMs = 3 * env.MAIL_TIMEOUT_MS;
    this.leaseMs = 4 * env.MAIL_TIMEOUT_MS;
    this.transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: env.MAIL_TIMEOUT_MS,
      greetingTimeout: env.MAIL_TIMEOUT_MS,
      socketTimeout: env.MAIL_TIMEOUT_MS,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stop after the current send (waiting at most a few seconds: a lapsed claim is picked up later). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.round) {
      await Promise.race([this.round, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    }
    this.transport.close();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.runRound()
        .catch((error: unknown) => this.log.error({ err: error }, 'mail round failed'))
        .finally(() => {
          this.round = null;
          this.schedule(this.pollMs);
        });
    }, delayMs);
  }

  /** One round: now and then housekeeping and the moderators' digests, then every email that is due. */
  async runRound(): Promise<void> {
    const started = Date.now();
    if (started - this.lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
      this.lastHousekeeping = started;
      await pruneMail(this.store.db, started);
      await queueDailyDigests(this.store.db, this.outbox, started);
    }
    for (let sent = 0; sent < ROUND_MAX && !this.stopped; sent++) {
      const row = await claimNextMail(this.store, { now: Date.now(), leaseMs: this.leaseMs });
      if (!row) return;
      await this.deliver(row);
    }
  }

  private async deliver(row: MailOutboxRow): Promise<void> {
    const db = this.store.db;
    let message: RenderedMail;
    try {
      message = await prepareMail(db, this.env, row);
    } catch (error) {
      // A row we cannot turn into an email never will be.
      this.log.error({ err: error, mail: row.id }, 'mail could not be prepared');
      await recordMailFailure(db, this.env, row, { error: String(error), permanent: true });
      return;
    }
    try {
      await this.send(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const outcome = await recordMailFailure(db, this.env, row, {
        error: text,
        permanent: isPermanent(error),
      });
      this.log.warn(
        { mail: row.id, kind: row.kind, attempt: row.attempts, outcome, error: text },
        'mail not sent',
      );
      return;
    }
    if (!(await markMailSent(db, row))) {
      this.log.warn({ mail: row.id }, 'mail sent after its claim lapsed');
    }
  }

  private async send(message: RenderedMail): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('The mail server took too long')), this.sendTimeoutMs);
    });
    try {
      await Promise.race([
        this.transport.sendMail({ ...message, disableFileAccess: true, disableUrlAccess: true }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
