/**
 * A micro-cache of finished responses, the way nginx "microcaching" works, in this process: an answer
 * is kept for a short time (a second by default) and replayed byte for byte to everyone who asks the
 * same thing meanwhile. Bounded in entries and bytes; the oldest entries go first.
 *
 * `clear()` empties it and moves to a new generation: a response computed before a write but finished
 * after it (`set` with the generation read when it started) is not stored, so a write is never
 * followed by a stale answer from this process.
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
}

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

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key, entry);
      return undefined;
    }
    return entry.response;
  }

  /** Keep `response` under `key`; false when not kept (disabled, too big, or cleared since `generation`). */
  set(key: string, response: CachedResponse, generation: number): boolean {
    if (!this.enabled || generation !== this.gen) return false;
    let size = response.body.length + key.length;
    for (const part of response.headers) size += part.length;
    if (size > this.maxBytes) return false;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    // Oldest first: a Map iterates in insertion order.
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + size <= this.maxBytes) break;
      this.delete(oldestKey, oldest);
    }
    this.entries.set(key, { response, expiresAt: this.now() + this.ttlMs, size });
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
