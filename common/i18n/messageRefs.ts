/**
 * Which code and parameters made each message (common/i18n/messages.ts): the sentence a zod issue
 * carries finds its code again here. No catalog in it, so the web app's first bundle can ask.
 */
import type english from '../../web/locales/en/messages.json';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type Catalog = typeof english;
/** A field's name as messages say it ("Event title"): a key of the catalog's `fields`. */
export type FieldLabel = keyof Catalog['fields'];
/** Every message of the catalog (the field labels aside). */
export type MessageCode = Exclude<Leaves<Catalog>, `fields.${string}`>;
export type MessageParams = { readonly label?: FieldLabel } & Readonly<Record<string, string | number>>;

/** A message as programs see it: its code and parameters (the API sends them beside the text). */
export interface MessageRef {
  readonly code: MessageCode;
  readonly params?: MessageParams;
}

const known = new Map<string, MessageRef>();

function sameRef(a: MessageRef, b: MessageRef): boolean {
  const pa = Object.entries(a.params ?? {});
  const pb: Record<string, unknown> = { ...b.params };
  return a.code === b.code && pa.length === Object.keys(pb).length && pa.every(([k, v]) => pb[k] === v);
}

/** Remember that `ref` is worded `text`; two messages worded alike are a mistake, said at once. */
export function remember(text: string, ref: MessageRef): void {
  const before = known.get(text);
  if (before === undefined) known.set(text, ref);
  else if (!sameRef(before, ref))
    throw new Error(`Messages ${before.code} and ${ref.code} are both worded "${text}"`);
}

/** The code and parameters of a message `msg` made, or undefined for any other text. */
export function refOf(text: string): MessageRef | undefined {
  return known.get(text);
}
