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
    GOOGLE_CLIENT_ID: z.string().default(''),
    GOOGLE_CLIENT_SECRET: z.string().default(''),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * How long an anonymous listing answer (`GET /api/events`) is kept and replayed in this process, in
     * milliseconds; 0 turns the cache off (server/http/listingCache.ts).
     */
    LISTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
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
