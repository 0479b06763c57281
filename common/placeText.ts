/**
 * The parts of a place ("Gaza", "Palestine"; a venue, its address) as one line. They are people's text,
 * so the comma between them is their script's: "غزة، فلسطين" when any part is written in Arabic script
 * (Arabic, Urdu, Persian), "London, United Kingdom" otherwise, whatever the page's language.
 */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/** True when `text` holds a letter of the Arabic script (Arabic, Urdu, Persian). */
export const inArabicScript = (text: string): boolean => ARABIC_SCRIPT.test(text);

export function joinPlace(parts: readonly (string | null | undefined)[]): string {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.join(present.some(inArabicScript) ? '، ' : ', ');
}
