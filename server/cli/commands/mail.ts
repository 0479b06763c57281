import { createEmailToken, EMAIL_TOKEN_TTL_MS, emailTokenLink } from '../../auth/emailTokens';
import { getUserByEmail } from '../../store/users';
import { type AdminCommand, CliError } from '../command';

// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text from the database printed on a terminal: no control characters that could forge or hide lines. */
const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);

/**
 * A one-time link to set a new password, for a person who asks the operator (docs/EMAIL.md): without
 * SMTP it is the only way back into a password account; with SMTP, "Forgot password?" does the same.
 */
export const resetLinkCommand: AdminCommand = {
  name: 'reset-link',
  args: 'EMAIL',
  summary: 'print a one-time link (valid one hour) to set a new password',
  async run(args, { store, env, out }) {
    const [email, ...rest] = args;
    if (!email || rest.length > 0) throw new CliError('Usage: npm run admin -- reset-link EMAIL', 2);
    const user = await getUserByEmail(store.db, email);
    if (!user) {
      throw new CliError(
        `No account with the email address "${printable(email)}". Check it with: npm run admin -- list`,
      );
    }
    const token = await createEmailToken(store.db, { userId: user.id, email: user.email, purpose: 'reset' });
    const minutes = EMAIL_TOKEN_TTL_MS.reset / 60_000;
    out(`A link to set a new password for ${printable(user.email)} (works once, within ${minutes} minutes):`);
    out(emailTokenLink(env.PUBLIC_URL, 'reset', token));
    out('Give it to that person only, by a channel you trust. Using it signs them out everywhere else.');
  },
};

/** The outbox at a glance: how many emails wait, are sent or failed, and why the failed ones failed. */
export const mailStatusCommand: AdminCommand = {
  name: 'mail-status',
  args: '',
  summary: 'show the email outbox: waiting, sent and failed emails',
  async run(args, { store, env, out }) {
    if (args.length > 0) throw new CliError('Usage: npm run admin -- mail-status', 2);
    out(
      env.SMTP_URL
        ? `Email is sent through ${new URL(env.SMTP_URL).host}.`
        : 'Email is off (SMTP_URL and MAIL_FROM are not set).',
    );
    const counts = await store.db
      .selectFrom('mail_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    out(
      `Waiting: ${count('pending')}, sending now: ${count('sending')}, sent (last 7 days): ${count('sent')}, failed: ${count('failed')}.`,
    );
    const retrying = await store.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'attempts', 'last_error', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('attempts', '>', 0)
      .orderBy('next_attempt_at')
      .limit(20)
      .execute();
    if (retrying.length > 0) {
      out('');
      out('Waiting to be tried again:');
      for (const row of retrying) {
        out(
          `  ${new Date(row.next_attempt_at).toISOString()}  ${row.kind}  ${printable(row.to_address)}  after ${row.attempts} attempt(s): ${printable(row.last_error ?? '')}`,
        );
      }
    }
    const failed = await store.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'attempts', 'last_error', 'created_at'])
      .where('status', '=', 'failed')
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    if (failed.length > 0) {
      out('');
      out('Failed (not sent, kept 30 days):');
      for (const row of failed) {
        out(
          `  ${new Date(row.created_at).toISOString()}  ${row.kind}  ${printable(row.to_address)}  ${row.attempts} attempt(s): ${printable(row.last_error ?? '')}`,
        );
      }
    }
  },
};
