import { msg } from '../common/i18n/messages';
import { invalidField } from './errors';

export const UNSTORABLE_TEXT_MESSAGE = msg('field.unstorable');

/** A NUL character, or half of a UTF-16 surrogate pair without its other half. */
function unstorable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * Where in a parsed body or query a string holds text no database should be given: PostgreSQL
 * refuses NUL in text outright (a 500 if it got that far), and lone surrogates are silently replaced
 * on the way to either database. Returns the field's path ('_' for the whole value), or null.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path || '_' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (unstorable(key)) return here;
    const found = findUnstorableText(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The 400 for such input: same shape as any validation failure. */
export function assertStorableText(...inputs: unknown[]): void {
  for (const input of inputs) {
    const field = findUnstorableText(input);
    if (field) throw invalidField(field, UNSTORABLE_TEXT_MESSAGE);
  }
}
