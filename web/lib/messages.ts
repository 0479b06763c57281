/**
 * The one way the web app shows a message of the contract or the server (docs/PRODUCT.md#messages): a
 * zod issue's (the form's own check) or an API refusal's, said in the page's language from the
 * `messages` catalog by its code. Every message carries its English words, which are what English
 * pages show and what any language lacking the code falls back to, so the English catalog is never
 * downloaded. Text without a code (zod's own, a proxy's page) is shown as it is.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { refOf } from '../../common/i18n/messageRefs';
import type { MessageRefDto } from '../../common/schemas/errors';
import { ApiRequestError } from './api';

/** A `t` of any namespace: messages are read from `messages` whichever it is. */
export type Translate = TFunction<string> | TFunction<string[]>;

/** A message by its code, in `t`'s language; `english` when the catalog lacks it. */
export function sayMessage(ref: MessageRefDto, t: Translate, english: string): string {
  const say = t as unknown as (key: string, options: Record<string, unknown>) => string;
  const params: Record<string, unknown> = { ...ref.params };
  if (typeof params.label === 'string') {
    // The field's name in this language; the English sentence holds the English one already.
    params.label = say(`fields.${params.label}`, { ns: 'messages', defaultValue: params.label });
  }
  return say(ref.code, {
    ...params,
    ns: 'messages',
    defaultValue: english,
    interpolation: { escapeValue: false },
  });
}

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

/**
 * The `t` to say messages with: loads the page's language's `messages` catalog (its own chunk; English
 * needs none), so that it is there before a message is.
 */
export function useMessages(): TFunction<'messages'> {
  return useTranslation('messages').t;
}
