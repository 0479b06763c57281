import { ApiRequestError } from '../../../lib/api';

/**
 * What a refused account form shows: the server's message under the field it names (its `fields`), or
 * else as one line for the form. A failure without words from the server (a 5xx) gets `fallback`.
 */
export function formErrorsOf(
  error: unknown,
  fields: readonly string[],
  fallback: string,
): { field: Record<string, string>; form: string | null } {
  if (!error) return { field: {}, form: null };
  if (!(error instanceof ApiRequestError) || error.status >= 500) return { field: {}, form: fallback };
  const field: Record<string, string> = {};
  for (const name of fields) {
    const message = error.fields?.[name];
    if (message) field[name] = message;
  }
  return { field, form: Object.keys(field).length > 0 ? null : error.message };
}
