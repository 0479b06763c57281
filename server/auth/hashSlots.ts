import { msg } from '../../common/i18n/messages';
import { serverBusy } from '../errors';

/**
 * How many password hashes run at once, and how many may wait. A memory-hard hash keeps one of libuv's
 * four threads (which file reads and DNS use too) busy for about 100 ms: unbounded, a burst of sign-ins
 * fills them all and everything else on those threads waits behind it (docs/SECURITY.md). Two at once
 * keeps two threads free; beyond the short queue the answer is a 503 with Retry-After, at once,
 * rather than a wait of seconds that holds memory (32 MiB a hash) and a connection.
 */
export const HASH_SLOTS = { running: 2, waiting: 8 } as const;

export const HASH_BUSY_MESSAGE = msg('auth.hashingBusy');

export class Semaphore {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly queueLimit: number,
    private readonly refuse: () => Error,
  ) {}

  /** Run `task` when a slot is free; throws `refuse()` at once when the queue is full too. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.queue.length >= this.queueLimit) throw this.refuse();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line (the count stays), or free it.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The process's one gate for password hashing (server/auth/passwords.ts). */
export const hashSlots = new Semaphore(HASH_SLOTS.running, HASH_SLOTS.waiting, () =>
  serverBusy(HASH_BUSY_MESSAGE, 2),
);
