/**
 * The one way the web app shows a message of the contract or the server (docs/PRODUCT.md#messages): a
 * zod issue's (the form's own check) or an API refusal's, said in the page's language from the
 * `messages` catalog by its code. Every message carries its English words, which are what English
 * pages show and what any language lacking the code falls back to, so the English catalog is never
 * downloaded. Text without a code (zod's own, a proxy's page) is shown as it is. Saying a form's or the
 * server's refusals: web/lib/errorTexts.ts.
 */
import type { TFunction } from 'i18next';
import type { MessageRefDto } from '../../common/schemas/errors';
import { useTranslation } from '../i18n/react';

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

/**
 * The `t` to say messages with: loads the page's language's `messages` catalog (its own chunk; English
 * needs none), so that it is there before a message is.
 */
export function useMessages(): TFunction<'messages'> {
  return useTranslation('messages').t;
}
