/**
 * A micro-cache of finished responses, the way nginx "microcaching" works, in this process: an answer
 * is kept for a short time (a second by default) and replayed byte for byte to everyone who asks the
 * same thing meanwhile. Bounded in entries and bytes; the oldest entries go first.
 *
 * `clear()` empties it and moves to a new generation: a response computed before a write but finished
 * after it (`set` with the generation read when it started) is not stored, so a write is never
 * followed by a stale answer from this process.
 *
 * No stampede when an entry expires: the first request after expiry gets a miss and computes the
 * answer again, while the others keep getting the expired answer until it is back (nginx's
 * `proxy_cache_lock` with `proxy_cache_use_stale updating`). Otherwise, under load, every request in
 * flight at that moment would run the query at once, every TTL. A refresh that does not come back
 * within REFRESH_WAIT_MS (or is `abandon`ed: not a 200) lets the next request try again.
 */
export interface CachedResponse {
  /** Always 200: nothing else is cached. */
  statusCode: 200;
  /** Name, value, name, value… as `res.writeHead` takes them, in the order the first answer had. */
  headers: string[];
  body: Buffer;
}

interface Entry {
  response: CachedResponse;
  expiresAt: number;
  size: number;
  /** When the request refreshing this expired entry started; 0 when none is. */
  refreshingSince: number;
}

/** How long an expired entry is served while one request computes it again, at most. */
export const REFRESH_WAIT_MS = 5000;

export interface MicroCacheOptions {
  /** How long an answer is kept; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /** Total body and header bytes kept at most. */
  maxBytes?: number;
  /** The clock (tests). */
  now?: () => number;
}

export const DEFAULT_MAX_ENTRIES = 500;
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export class MicroCache {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly maxBytes: number;
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private bytes = 0;
  private gen = 0;

  constructor(options: MicroCacheOptions) {
    this.ttlMs = Math.max(0, options.ttlMs);
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Changes on every `clear()`; read it when a response starts, hand it to `set` when it ends. */
  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer for `key`: a fresh one, or an expired one while another request refreshes it. Undefined
   * means the caller computes it (and, if it expired, is now the one refreshing it, unless `claim` is
   * false: a caller that will not store its answer, such as HEAD, must not hold others back).
   */
  get(key: string, claim = true): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const now = this.now();
    if (entry.expiresAt > now) return entry.response;
    if (entry.refreshingSince !== 0 && now - entry.refreshingSince < REFRESH_WAIT_MS) return entry.response;
    if (claim) entry.refreshingSince = now;
    return undefined;
  }

  /** The caller could not refresh `key` (its answer was not a 200): drop the expired entry. */
  abandon(key: string): void {
    const entry = this.entries.get(key);
    if (entry !== undefined && entry.expiresAt <= this.now()) this.delete(key, entry);
  }

  /** Keep `response` under `key`; false when not kept (disabled, too big, or cleared since `generation`). */
  set(key: string, response: CachedResponse, generation: number): boolean {
    if (!this.enabled || generation !== this.gen) return false;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    let size = response.body.length + key.length;
    for (const part of response.headers) size += part.length;
    if (size > this.maxBytes) return false;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + size <= this.maxBytes) break;
      this.delete(oldestKey, oldest);
    }
    this.entries.set(key, { response, expiresAt: this.now() + this.ttlMs, size, refreshingSince: 0 });
    this.bytes += size;
    return true;
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
