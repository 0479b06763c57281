/**
 * Finding the web addresses in text people wrote (an event's description), so the web app can make
 * them links (docs/PRODUCT.md#text-people-write). Only `http://` and `https://` addresses count: a
 * `javascript:` or `data:` one stays text. The result is pieces of text, never markup, and the scan is
 * linear in the length of the text, whatever it holds. Zod-free, so the first bundle can use it.
 */
import { isHttpUrl } from './links';

export interface TextPiece {
  text: string;
  /** Set when the piece is a link: the address to open (always http or https). */
  href?: string;
}

// An address starts with http(s):// not glued to a letter or digit before it ('xhttps://' is a word),
// has a host right after the '//' (not a third slash, which browsers would read past), and runs to the
// next space, control character, angle bracket or quote.
const ADDRESS = /(?<![\p{L}\p{N}])https?:\/\/[^\s\p{Cc}<>"/\\][^\s\p{Cc}<>"]*/giu;

// Punctuation that ends a sentence rather than an address: 'see https://example.org/a.' (also Arabic and
// Urdu punctuation, the ellipsis and closing quotes).
const TRAILING = new Set([
  '.',
  ',',
  ';',
  ':',
  '!',
  '?',
  "'",
  '’',
  '”',
  '»',
  '…',
  '،',
  '؛',
  '؟',
  '۔',
  '*',
  '_',
]);
const CLOSING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** The address without what follows it in the sentence: trailing punctuation, an unmatched bracket. */
function trimAddress(candidate: string): string {
  // Brackets counted once, then kept up to date while trimming: linear, not quadratic.
  const open: Record<string, number> = { '(': 0, '[': 0, '{': 0 };
  const close: Record<string, number> = { ')': 0, ']': 0, '}': 0 };
  for (const char of candidate) {
    if (char in open) open[char] = (open[char] ?? 0) + 1;
    else if (char in close) close[char] = (close[char] ?? 0) + 1;
  }
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1] as string;
    const opener = CLOSING[last];
    if (TRAILING.has(last)) {
      end -= 1;
    } else if (opener !== undefined && (close[last] ?? 0) > (open[opener] ?? 0)) {
      // '(see https://example.org/a)': the ')' closes the sentence's bracket, not one in the address.
      close[last] = (close[last] ?? 0) - 1;
      end -= 1;
    } else {
      break;
    }
  }
  return candidate.slice(0, end);
}

/** The address a link may open, or null: http(s), a host, no `user@` part (which disguises the host). */
function linkTarget(address: string): string | null {
  if (!isHttpUrl(address)) return null;
  const url = new URL(address);
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}

/** `text` cut into plain pieces and link pieces; joined back, the pieces' text is `text` unchanged. */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = linkTarget(address);
    if (!href) continue;
    const start = match.index;
    if (start > plainFrom) pieces.push({ text: text.slice(plainFrom, start) });
    pieces.push({ text: address, href });
    plainFrom = start + address.length;
  }
  if (plainFrom < text.length) pieces.push({ text: text.slice(plainFrom) });
  return pieces;
}
