import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: they must not depend on today's table types.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Db = Kysely<any>;

/**
 * Email (docs/EMAIL.md): which addresses were proved, single-use links, the outbox, and what each
 * person wants to receive.
 */
export async function up(db: Db): Promise<void> {
  // When the person proved they read this address: a link from a mail we sent, or Google saying so.
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  // Accounts made with Google came with an address Google had verified (unverified ones were refused).
  await db
    .updateTable('users')
    .set({ email_verified_at: sql.ref('created_at') })
    .where('google_sub', 'is not', null)
    .execute();

  // Password-reset and verification links: only the SHA-256 of the token is kept, and a use deletes it.
  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // The address the link went to: it proves that one, not whatever the account holds later.
    .addColumn('email_lc', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_tokens_user_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema.createIndex('email_tokens_expires_idx').on('email_tokens').column('expires_at').execute();

  // Every email, written in the transaction of what caused it, then sent (and retried) by a sender.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // At most one email per key (a moderator's digest of one day), whichever server writes it first.
    .addColumn('dedupe_key', 'varchar(200)', (c) => c.unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Pending: when to try (again). Sending: when the claim lapses and another sender may take it.
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claim_token', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute();

  // A row only where someone changed a kind from its default.
  await db.schema
    .createTable('mail_preferences')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_preferences_pk', ['user_id', 'kind'])
    .execute();

  // One-click unsubscribe links (RFC 8058): one token per email, kept as its SHA-256.
  await db.schema
    .createTable('mail_unsubscribe_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_unsubscribe_created_idx')
    .on('mail_unsubscribe_tokens')
    .column('created_at')
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['mail_unsubscribe_tokens', 'mail_preferences', 'mail_outbox', 'email_tokens']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
