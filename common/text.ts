/**
 * Characters no one types on purpose in a name, an address, a title or a place, and that do harm when
 * printed: control characters (a newline forges a row in `npm run admin -- list`, an escape sequence
 * hides text in a terminal, a lone CR breaks a calendar line) and the bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), which make text read differently from what it holds
 * (docs/PRODUCT.md#form-messages). The marks U+200E/U+200F stay allowed: right-to-left writers need them.
 * Zod-free; its message brings the English messages catalog along (common/i18n/messages.ts).
 */
import { type FieldLabel, fieldLabelOf, msg } from './i18n/messages';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** The same for text of several lines (a description, a reason): tab, line feed and CR are writing. */
const CONTROL_OR_BIDI_EXCEPT_LINES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export type TextKind = 'line' | 'lines';

/** True when `text` holds a character that a field of this kind refuses. */
export function hasRefusedCharacter(text: string, kind: TextKind = 'line'): boolean {
  return (kind === 'line' ? CONTROL_OR_BIDI : CONTROL_OR_BIDI_EXCEPT_LINES).test(text);
}

/**
 * The message people see, naming the field ("Name cannot contain…"): by its key in the messages
 * catalog's `fields`, or its English name.
 */
export const refusedCharacterMessage = (label: FieldLabel | (string & {})) =>
  msg('field.refusedCharacters', { label: fieldLabelOf(label) });

/**
 * The same text with every refused character taken out and lone UTF-16 surrogates made U+FFFD, for
 * text we must keep but did not get from the person (a name another service gives us).
 */
export function withoutRefusedCharacters(text: string, kind: TextKind = 'line'): string {
  const pattern = new RegExp((kind === 'line' ? CONTROL_OR_BIDI : CONTROL_OR_BIDI_EXCEPT_LINES).source, 'g');
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(pattern, '');
}
