import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/db';
import type { Database } from '../store/schema';

/** A route as Fastify registered it: method and URL pattern, e.g. `POST /api/events/:id/reports`. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route the app has registered, read from Fastify's own route tree (`printRoutes`), so a route
 * added anywhere, by any module, shows up here without anyone listing it by hand.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const routes: RegisteredRoute[] = [];
  // Each line is "<tree drawing><path segment> (METHOD, METHOD)"; a child's segment continues its parent's.
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]!.split(',').map((m) => m.trim())) routes.push({ method, url: path });
  }
  return routes;
}

/** Tables whose contents a refused request must leave as they were. */
export const DATA_TABLES = [
  'users',
  'sessions',
  'events',
  'series',
  'reports',
  'transparency_log',
  'email_tokens',
  'mail_outbox',
  'mail_preferences',
  'mail_unsubscribe_tokens',
  'moderator_notes',
  'trusted_people',
  'person_audit',
  'unreviewed_events',
  'event_claims',
] as const;

export type DataSnapshot = Record<(typeof DATA_TABLES)[number], { rows: number; sha256: string }>;

/**
 * Row count and a hash of every row of each data table. `rate_limits` is left out on purpose: every
 * attempt at sign-in and sign-up counts, refused ones included (docs/SECURITY.md), so it must change.
 */
export async function snapshotData(store: Store): Promise<DataSnapshot> {
  const snapshot = {} as DataSnapshot;
  for (const table of DATA_TABLES) {
    const rows = (await store.db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    const lines = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    snapshot[table] = {
      rows: rows.length,
      sha256: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return snapshot;
}

/** A folder holding the real page template (web/index.html), so the server renders its pages. */
export function pageTemplateRoot(): { dir: string; files: string[]; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'palcal-security-shell-'));
  copyFileSync(join(process.cwd(), 'web', 'index.html'), join(dir, 'index.html'));
  return {
    dir,
    files: readdirSync(dir).map((name) => `/${name}`),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

let ipCounter = 0;

/**
 * A fresh documentation-range address for `X-Forwarded-For`. Tests connect from 127.0.0.1, a trusted
 * proxy, so this is the address the app sees: each request gets its own, and per-IP limits stay out
 * of tests that are not about them.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
