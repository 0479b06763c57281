import { z } from 'zod';

/** The settings of the README's "Configure it", parsed once at boot. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/calendar.db')
      .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
        message: 'DATABASE_URL must be sqlite:PATH or postgres://…',
      }),
    PUBLIC_URL: z.url().optional(),
    SITE_TITLE: z.string().min(1).max(100).default('Palestine Solidarity Calendar'),
    /** A Markdown file for the About page (docs/DEPLOY.md); without it, a text that says what to write. */
    ABOUT_FILE: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().default(''),
    GOOGLE_CLIENT_SECRET: z.string().default(''),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * How long an anonymous listing answer (`GET /api/events`) is kept and replayed in this process, in
     * milliseconds; 0 turns the cache off (server/http/listingCache.ts).
     */
    LISTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * How long a request may take to arrive, headers and body, in milliseconds; a client slower than
     * that gets 408 and its connection closed (server/app.ts). Headers alone get a third of it.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /**
     * `/api/health` answers 503 when the disk holding the SQLite file has less free space than this
     * (in MB; 0 turns the check off): writes are about to fail (server/routes/health.ts).
     */
    HEALTH_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(16),
    /** The mail server (docs/EMAIL.md): `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…`. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be smtp://… or smtps://…')
      .optional(),
    /** The sender: `calendar@example.org` or `Name <calendar@example.org>`. */
    MAIL_FROM: z
      .string()
      .max(320)
      .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'MAIL_FROM must be an email address')
      .optional(),
    /** Unverified password accounts may not submit or report; default true when email is set up. */
    REQUIRE_VERIFIED_EMAIL: z.enum(['true', 'false']).optional(),
    /** First retry of an email this long after a failed attempt, doubling each time (capped at an hour). */
    MAIL_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
    /** Attempts before an email is marked failed (`npm run admin -- mail-status` lists those). */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    /** Time-out of each step of talking to the mail server (connect, greeting, every reply). */
    MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'],
        message: 'set both SMTP_URL and MAIL_FROM to send email, or neither',
      });
    }
    if (env.REQUIRE_VERIFIED_EMAIL === 'true' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REQUIRE_VERIFIED_EMAIL'],
        message: 'needs SMTP_URL and MAIL_FROM: without email nobody could verify an address',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    SMTP_URL: env.SMTP_URL ?? '',
    MAIL_FROM: env.MAIL_FROM ?? '',
    REQUIRE_VERIFIED_EMAIL: env.SMTP_URL ? env.REQUIRE_VERIFIED_EMAIL !== 'false' : false,
  }));

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty variables mean "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function googleEnabled(env: Env): boolean {
  return env.GOOGLE_CLIENT_ID !== '' && env.GOOGLE_CLIENT_SECRET !== '';
}

/** Email is sent only when both SMTP_URL and MAIL_FROM are set (docs/EMAIL.md). */
export function mailEnabled(env: Env): boolean {
  return env.SMTP_URL !== '' && env.MAIL_FROM !== '';
}
