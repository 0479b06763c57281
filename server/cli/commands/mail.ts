import { DEFAULT_LANGUAGE, inLanguage } from '../../../common/i18n/languages';
import { createEmailToken, EMAIL_TOKEN_TTL_MS, emailTokenLink } from '../../auth/emailTokens';
import { getUserByEmail, languageOf } from '../../store/users';
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
    // In the language the person chose last, as an emailed link would be: the page they land on speaks it.
    out(inLanguage(emailTokenLink(env.PUBLIC_URL, 'reset', token), languageOf(user) ?? DEFAULT_LANGUAGE));
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
    const rows = (status: 'pending' | 'failed', limit: number) =>
      store.db
        .selectFrom('mail_outbox')
        .select(['kind', 'to_address', 'attempts', 'last_error', 'created_at', 'next_attempt_at'])
        .where('status', '=', status)
        .where('attempts', '>', 0)
        .orderBy(
          status === 'pending' ? 'next_attempt_at' : 'created_at',
          status === 'pending' ? 'asc' : 'desc',
        )
        .limit(limit)
        .execute();
    const list = (
      title: string,
      found: Awaited<ReturnType<typeof rows>>,
      when: 'next_attempt_at' | 'created_at',
    ) => {
      if (found.length === 0) return;
      out('');
      out(title);
      for (const row of found) {
        out(
          `  ${new Date(row[when]).toISOString()}  ${row.kind}  ${printable(row.to_address)}  ${row.attempts} attempt(s): ${printable(row.last_error ?? '')}`,
        );
      }
    };
    list(
      'Waiting to be tried again (next attempt, kind, to, why the last one failed):',
      await rows('pending', 20),
      'next_attempt_at',
    );
    list('Failed, not sent (written, kind, to, why), kept 30 days:', await rows('failed', 50), 'created_at');
  },
};
