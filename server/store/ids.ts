import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 16-character random base62 id (about 95 bits): unguessable, URL-safe, matches common/ids. */
export function newId(): string {
  const bytes = randomBytes(32);
  let out = '';
  for (const byte of bytes) {
    // 248 = 62 * 4: rejecting bytes above it keeps every character equally likely.
    if (byte < 248) out += ALPHABET[byte % 62];
    if (out.length === 16) return out;
  }
  return out + newId().slice(out.length);
}
