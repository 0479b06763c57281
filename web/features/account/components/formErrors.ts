import { isWorthShowing } from '../../../lib/api';
import { apiErrorText, apiFieldTexts } from '../../../lib/errorTexts';
import type { Translate } from '../../../lib/messages';

/**
 * What a refused account form shows: the server's message under the field it names (its `fields`), or
 * else as one line for the form, in the page's language with `t` (web/lib/messages.ts; the server's own
 * words without it). A failure without words from the server (a 5xx) gets `fallback`.
 */
export function formErrorsOf(
  error: unknown,
  fields: readonly string[],
  fallback: string,
  t?: Translate,
): { field: Record<string, string>; form: string | null } {
  if (!error) return { field: {}, form: null };
  if (!isWorthShowing(error)) return { field: {}, form: fallback };
  const messages = t ? apiFieldTexts(error, t) : (error.fields ?? {});
  const field: Record<string, string> = {};
  for (const name of fields) {
    const message = messages[name];
    if (message) field[name] = message;
  }
  const form = t ? apiErrorText(error, t) : error.message;
  return { field, form: Object.keys(field).length > 0 ? null : form };
}
