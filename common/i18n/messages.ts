/**
 * Messages people see from the contract and the server (validation, refusals, limits) carry a stable
 * code, a key of web/locales/<lang>/messages.json, and their parameters (docs/PRODUCT.md#messages).
 *
 * `msg(code, params)` gives the message's English sentence, exactly as the spec words it, and remembers
 * which code and parameters made it. A zod issue can hold only a string, so that sentence is what the
 * schemas carry; whoever shows the message (the server's error handler, the web form) asks `refOf` for
 * its code and says it in the reader's language. Text no `msg` made (zod's own "Invalid input…") has no
 * code and stays as it is.
 *
 * Parameters are constants of the code (limits, field labels, allowed values), never a person's data:
 * each distinct message is remembered once, for the life of the process. A rate limit's wait is the one
 * number that varies, in whole minutes or hours (server/rateLimit.ts), so a few dozen at most. A message about someone's
 * data is a `MessageRef` translated where it is sent (`translateRef` on the server). `label` names a
 * key of the catalog's `fields` group, translated before it goes into the sentence.
 */
import { z } from 'zod';
import english from '../../web/locales/en/messages.json';

import {
  type FieldLabel,
  type MessageCode,
  type MessageParams,
  type MessageRef,
  remember,
} from './messageRefs';

export type { FieldLabel, MessageCode, MessageParams, MessageRef } from './messageRefs';
export { refOf } from './messageRefs';

declare const made: unique symbol;
/** The English sentence of a message made by `msg`: a plain string with its code remembered. */
export type Message = string & { readonly [made]: true };

/** A field's label by its key, or by its English name ("Event title" → `eventTitle`). */
export function fieldLabelOf(keyOrName: string): FieldLabel {
  const fields: Record<string, string> = english.fields;
  const key = Object.hasOwn(fields, keyOrName)
    ? keyOrName
    : Object.keys(fields).find((k) => fields[k] === keyOrName);
  if (key === undefined) throw new Error(`No field is named ${keyOrName} in messages.json`);
  return key as FieldLabel;
}

/** What a catalog answers for a key (a message's template, or a field's label), if it has it. */
export type Lookup = (key: string) => string | undefined;

function lookupIn(catalog: unknown): Lookup {
  return (key) => {
    let node: unknown = catalog;
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
}

/** English, the source: what every other catalog falls back to. */
export const englishLookup: Lookup = lookupIn(english);
export const catalogLookup = lookupIn;

/** `{{name}}`, or `{{name, relativetime(unit)}}` (i18next's formatter, which the web app's `t` applies). */
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*relativetime\((\w+)\)\s*)?\}\}/g;

/**
 * The message in the catalog `lookup` reads (English for what it lacks): its template with the
 * parameters put in, `label` first translated from `fields`, and a wait ("in 34 minutes") written by
 * Intl in `locale`, as the web app's i18next writes it (a rate limit's: docs/PRODUCT.md#messages).
 */
export function renderMessage(ref: MessageRef, lookup: Lookup = englishLookup, locale = 'en'): string {
  const template = lookup(ref.code) ?? englishLookup(ref.code) ?? ref.code;
  const params: Record<string, string | number> = { ...ref.params };
  if (ref.params?.label !== undefined) {
    const key = `fields.${ref.params.label}`;
    params.label = lookup(key) ?? englishLookup(key) ?? ref.params.label;
  }
  return template.replace(PLACEHOLDER, (whole, name: string, unit: string | undefined) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return unit
      ? new Intl.RelativeTimeFormat(locale).format(Number(value), unit as Intl.RelativeTimeFormatUnit)
      : String(value);
  });
}

/** The English sentence of a message, remembered with its code (see the top of this file). */
export function msg(code: MessageCode, params?: MessageParams): Message {
  const ref: MessageRef = params ? { code, params } : { code };
  const text = renderMessage(ref);
  // A template left unfilled, or two messages worded alike, is a mistake of the code: said at once.
  if (/\{\{[^}]*\}\}/.test(text)) throw new Error(`Message ${code}: a parameter is missing (${text})`);
  remember(text, ref);
  return text as Message;
}

/**
 * What zod would say in its own English words where a schema names no message, coded instead: a body
 * that is not an object at all (`null`, a string, nothing), and a value of the wrong type for a named
 * field or parameter (a repeated `?search=` arrives as a list). The name is a key of the schema, never
 * the person's data. Any other issue without a message is a schema to fix
 * (common/schemas/messageCodes.test.ts finds them).
 */
const INVALID_BODY = msg('invalidBody');
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    const path = issue.path ?? [];
    if (path.length === 0) return issue.expected === 'object' ? INVALID_BODY : undefined;
    const param =
      path.length === 1 && typeof path[0] === 'string' && /^\w{1,40}$/.test(path[0]) ? path[0] : null;
    if (param === null) return undefined;
    if (issue.expected === 'string') return msg('param.text', { param });
    if (issue.expected === 'boolean') return msg('param.trueOrFalse', { param });
    if (issue.expected === 'number' || issue.expected === 'int') return msg('param.wholeNumber', { param });
    return undefined;
  },
});
