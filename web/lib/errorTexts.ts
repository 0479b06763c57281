/**
 * A form's and the server's refusals in the page's language (web/lib/messages.ts says each message).
 * Apart from that module because the home page's first script carries every export of the modules it
 * imports, and its list says a message (the near search's hint) but never a refusal (issue 21).
 */
import { refOf } from '../../common/i18n/messageRefs';
import { ApiRequestError } from './api';
import { sayMessage, type Translate } from './messages';

/** A message of the contract (a zod issue's), in `t`'s language; any other text as it is. */
export function messageText(text: string, t: Translate): string {
  const ref = refOf(text);
  return ref ? sayMessage(ref, t, text) : text;
}

/** The first message of each field of a zod failure (named by the path's first part), in `t`'s language. */
export function issueTexts(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  t: Translate,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? '')] ??= messageText(issue.message, t);
  return fields;
}

/** What the server said, in the page's language: by its code when it has one, else in its own words. */
export function apiErrorText(error: ApiRequestError, t: Translate): string {
  return error.messageRef ? sayMessage(error.messageRef, t, error.message) : error.message;
}

/** The server's message for each field it names, in the page's language. */
export function apiFieldTexts(error: ApiRequestError, t: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    const ref = error.fieldRefs?.[name];
    fields[name] = ref ? sayMessage(ref, t, message) : message;
  }
  return fields;
}

/** `apiErrorText` for anything thrown: `fallback` for what is not a refusal from the server. */
export const errorText = (error: unknown, t: Translate, fallback: string): string =>
  error instanceof ApiRequestError ? apiErrorText(error, t) : fallback;
