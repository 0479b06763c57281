import { createHash } from 'node:crypto';
import { formatZoneName } from '../../common/dateLabels';
import { formatEventDateTime } from '../../common/dates';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '../../common/i18n/languages';
import type { SiteInfo } from '../context';
import { areaText } from '../presenters/place';
import { escapeXml } from '../routes/calendar/xml';
import type { EventRow } from '../store/schema';
import { loadSharp } from './sharp';

/** The generated share preview of an event without a flyer (docs/PRODUCT.md#flyers): 1200 × 630. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** What the picture says: the event's title, when (in its own zone) and where, and the site's name. */
export interface ShareText {
  title: string;
  when: string;
  place: string;
  site: string;
}

export function shareTextOf(
  row: Pick<EventRow, 'title' | 'starts_at' | 'timezone' | 'city' | 'country' | 'attendance'>,
  site: SiteInfo,
  language: Language = DEFAULT_LANGUAGE,
): ShareText {
  const date = new Date(row.starts_at);
  const locale = localeOf(language);
  return {
    title: row.title,
    when: `${formatEventDateTime(date, row.timezone, locale)} (${formatZoneName(date, row.timezone, locale)})`,
    place: areaText(row, language),
    site: site.siteTitle,
  };
}

/**
 * How the picture is drawn: raised whenever the drawing changes (2: lines wrapped by their width), so
 * that a picture drawn before gets a new address.
 */
const DRAWING = 2;

/** Its address part: changes whenever what it says, or how, does, so its address can be cached for ever. */
export const shareHashOf = (text: ShareText) =>
  createHash('sha256')
    .update(JSON.stringify({ ...text, drawing: DRAWING }))
    .digest('hex')
    .slice(0, 16);

/** `/share/<event id>-<language>-<hash>.png`: the language is in the path, as crawlers send no cookie. */
export const shareImagePath = (eventId: string, language: Language, text: ShareText) =>
  `/share/${eventId}-${language}-${shareHashOf(text)}.png`;

export const SHARE_FILE_PATTERN = /^([A-Za-z0-9]{16})-([a-z]{2,3}(?:-[A-Za-z]{2,4})?)-([0-9a-f]{16})\.png$/;

/** A text's first strong direction: right to left for Arabic and Hebrew script. */
const isRtl = (text: string) => {
  const strong = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]|[A-Za-z\p{L}]/u.exec(
    text,
  );
  return (
    strong !== null &&
    /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(strong[0])
  );
};

/** Scripts drawn a full em wide or more: Chinese, Japanese, Korean, and emoji. */
const WIDE_SCRIPTS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/u;

/**
 * About how wide `text` is drawn, in ems, in the preview's font (DejaVu Sans, what Debian's fontconfig
 * gives for it), bold or regular: each character by its class, from the font's own widths rounded up,
 * so that an estimate is never narrower than the drawn line. Letters of other scripts count as wide
 * Latin ones; Chinese, Japanese and Korean, and emoji, as a full em or more.
 */
export function textWidthEm(text: string, bold: boolean): number {
  let width = 0;
  for (const char of text) {
    if (/[iIjlJ.,:;'!|]/.test(char)) width += bold ? 0.42 : 0.36;
    else if (/[ ftr()[\]\-/\\"`{}*]/.test(char)) width += bold ? 0.55 : 0.5;
    else if (/[mwMW@%&#+<=>^~]/.test(char)) width += bold ? 1.12 : 1.02;
    else if (WIDE_SCRIPTS.test(char)) width += 1.25;
    else if (/\p{Lu}/u.test(char)) width += bold ? 0.86 : 0.8;
    else if (/\p{M}/u.test(char)) width += 0;
    else width += bold ? 0.74 : 0.66;
  }
  return width;
}

/**
 * Words into lines no wider than `maxEm` ems (textWidthEm), at most `lines` of them; what does not fit
 * is cut with "…" at the end of the last line, and a word wider than a line is cut the same way.
 */
export function wrapText(text: string, maxEm: number, lines: number, bold = false): string[] {
  const fits = (line: string) => textWidthEm(line, bold) <= maxEm;
  /** `line` shortened until it fits with an ellipsis after it. */
  const cut = (line: string) => {
    const chars = [...line];
    while (chars.length > 0 && !fits(`${chars.join('').trimEnd()}…`)) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  };
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out: string[] = [];
  let line = '';
  let next = 0;
  while (next < words.length && out.length < lines) {
    const word = words[next] ?? '';
    const longer = line ? `${line} ${word}` : word;
    if (fits(longer)) {
      line = longer;
      next++;
    } else if (line) {
      // The word starts the next line.
      out.push(line);
      line = '';
    } else {
      // A word wider than a whole line.
      out.push(cut(word));
      next++;
    }
  }
  if (line) out.push(line);
  const last = out.length - 1;
  if (next < words.length && last >= 0 && !out[last]?.endsWith('…')) {
    const shown = out[last] ?? '';
    out[last] = fits(`${shown}…`) ? `${shown}…` : cut(shown);
  }
  return out;
}

// The site's colours (docs/CONTRIBUTING.md, "Look and feel"): brand green, the flag's red and black.
const GREEN = '#007A3D';
const RED = '#CE1126';
const INK = '#1c1917';
const MUTED = '#44403c';
const FONTS = "'DejaVu Sans', 'Noto Sans', 'Noto Naskh Arabic', 'Noto Sans Arabic', sans-serif";

/** The preview as SVG, drawn by sharp's librsvg with the system's fonts (fontconfig). */
export function shareSvg(text: ShareText): string {
  const { width, height } = SHARE_IMAGE;
  const line = (content: string, y: number, size: number, color: string, weight = 400) => {
    // Right-to-left text is set from the right edge; Pango orders its letters.
    const rtl = isRtl(content);
    const x = rtl ? width - 90 : 90;
    return `<text x="${x}" y="${y}" font-family="${FONTS}" font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="${rtl ? 'end' : 'start'}">${escapeXml(content)}</text>`;
  };
  // Lines fit between the margins (90 px each side); the estimate of their width errs wide.
  const room = (size: number) => (width - 2 * 90) / size;
  const title = wrapText(text.title, room(64), 3, true);
  const titleTop = 215;
  const body = [
    line(wrapText(text.site, room(34), 1, true)[0] ?? '', 110, 34, GREEN, 700),
    ...title.map((t, i) => line(t, titleTop + i * 78, 64, INK, 700)),
    line(wrapText(text.when, room(34), 1)[0] ?? '', titleTop + title.length * 78 + 50, 34, INK),
    line(wrapText(text.place, room(34), 1)[0] ?? '', titleTop + title.length * 78 + 105, 34, MUTED),
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    // The flag's colours along the foot: black, white, green, with red at the start.
    `<rect x="0" y="${height - 36}" width="${width}" height="12" fill="#000000"/>`,
    `<rect x="0" y="${height - 24}" width="${width}" height="12" fill="#f5f5f4"/>`,
    `<rect x="0" y="${height - 12}" width="${width}" height="12" fill="${GREEN}"/>`,
    `<polygon points="0,${height - 36} 60,${height - 18} 0,${height}" fill="${RED}"/>`,
    `<rect x="0" y="0" width="${width}" height="14" fill="${GREEN}"/>`,
    ...body,
    '</svg>',
  ].join('');
}

/** Rendered pictures by hash: the same inputs always draw the same picture, so any server may keep it. */
const rendered = new Map<string, Promise<Buffer>>();
const KEEP = 200;

export function renderShareImage(text: ShareText): Promise<Buffer> {
  const hash = shareHashOf(text);
  const kept = rendered.get(hash);
  if (kept) return kept;
  const made = loadSharp().then((sharp) =>
    sharp(Buffer.from(shareSvg(text)))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer(),
  );
  if (rendered.size >= KEEP) rendered.delete(rendered.keys().next().value ?? '');
  rendered.set(hash, made);
  made.catch(() => rendered.delete(hash));
  return made;
}
