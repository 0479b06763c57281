/**
 * Text as search compares it (docs/PRODUCT.md#home): lower case, accents and other combining marks
 * taken off (so "turkiye" finds "Türkiye", "cafe" finds "café", and Arabic without its short vowels or
 * hamza finds the same word written with them), and the few letters that do not decompose written out.
 * Stored texts (events.search_text, location_text) and every search term go through it alike.
 */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  ı: 'i',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ħ: 'h',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNDECOMPOSED, (c) => LETTERS[c] ?? c);
}
