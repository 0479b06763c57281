import { escapeHtml } from '../html/shell';

/** What one email says, before it is laid out as text and as HTML. */
export interface Content {
  subject: string;
  paragraphs: string[];
  /** A moderator's reason, quoted as it was written. */
  quote?: { label: string; text: string };
  list?: string[];
  action: { label: string; url: string };
  after: string[];
}

/** The parts every email shares: greeting, signature and why it was sent, with the opt-out links. */
export interface Frame {
  /** The site's name and address, at the top of the HTML. */
  site: { title: string; url: string };
  /** The email's language: `<html lang dir>`, and the direction of its text. */
  language: { code: string; dir: 'ltr' | 'rtl' };
  greeting: string;
  buttonFallback: string;
  signature: string;
  footer: { why: string; unsubscribe: string | null; preferences: string | null };
  labels: { unsubscribe: string; unsubscribeLink: string; preferences: string; preferencesLink: string };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * One line for a subject or a greeting: no line breaks or control characters from user text. Spaces
 * that are not line breaks stay as they are (French puts a no-break space before a colon).
 */
export const oneLine = (text: string): string => text.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();

/*
 * People's text (an event's title, a name) inside a translated sentence may run the other way (an
 * Arabic title in an English email, a Latin one in an Arabic email). `isolate` marks it (with two
 * private-use characters nobody types); the HTML puts it in `<span dir="auto">`, the plain text and
 * the subject drop the marks.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;
const ISOLATED = /\uE000([^\uE000\uE001]*)\uE001/g;
export const isolate = (text: string): string => `${OPEN}${text.replace(MARKS, '')}${CLOSE}`;
/** Text without the marks: the plain-text part and the subject. */
export const plain = (text: string): string => text.replace(MARKS, '');
/** Escaped for HTML, each isolated part in an element that takes its own direction. */
const rich = (text: string): string =>
  escapeHtml(text)
    .replace(ISOLATED, (_, inner: string) => `<span dir="auto">${inner}</span>`)
    .replace(MARKS, '');

export function layoutText(content: Content, frame: Frame): string {
  const lines = [frame.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.quote)
    lines.push(content.quote.label, ...content.quote.text.split(/\r?\n/).map((l) => `> ${l}`), '');
  if (content.list?.length) lines.push(...content.list.map((item) => `- ${item}`), '');
  lines.push(`${content.action.label}:`, content.action.url, '');
  for (const p of content.after) lines.push(p, '');
  lines.push(frame.signature, '', '-- ', frame.footer.why);
  if (frame.footer.unsubscribe) lines.push(frame.labels.unsubscribe);
  if (frame.footer.preferences) lines.push(frame.labels.preferences);
  return `${plain(lines.join('\n'))}\n`;
}

const paragraph = (html: string, style = '') =>
  `<p style="margin:0 0 16px;line-height:1.5${style ? `;${style}` : ''}">${html}</p>`;
const link = (url: string, text: string) =>
  `<a href="${escapeHtml(url)}" style="color:#007a3d">${escapeHtml(text)}</a>`;

/** Simple HTML a mail program shows as it is: inline styles, no images, no scripts, nothing remote. */
export function layoutHtml(subject: string, content: Content, frame: Frame): string {
  const body: string[] = [
    `<p style="margin:0 0 20px;font-size:15px;font-weight:700"><a href="${escapeHtml(frame.site.url)}/" style="color:#007a3d;text-decoration:none">${escapeHtml(frame.site.title)}</a></p>`,
    paragraph(rich(frame.greeting)),
  ];
  for (const p of content.paragraphs) body.push(paragraph(rich(p)));
  if (content.quote) {
    body.push(paragraph(escapeHtml(content.quote.label), 'margin-bottom:4px;font-weight:600'));
    const quoted = escapeHtml(content.quote.text).replace(/\r?\n/g, '<br>');
    body.push(
      `<blockquote dir="auto" style="margin:0 0 16px;padding:8px 12px;border-inline-start:4px solid #d6d3d1;background:#f5f5f4;white-space:normal">${quoted}</blockquote>`,
    );
  }
  if (content.list?.length) {
    body.push(
      `<ul style="margin:0 0 16px;padding-inline-start:20px;line-height:1.5">${content.list
        .map((item) => `<li>${rich(item)}</li>`)
        .join('')}</ul>`,
    );
  }
  const url = escapeHtml(content.action.url);
  body.push(
    `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#007a3d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`,
    paragraph(
      `${escapeHtml(frame.buttonFallback)}<br><span style="word-break:break-all">${link(content.action.url, content.action.url)}</span>`,
      'font-size:14px;color:#57534e',
    ),
  );
  for (const p of content.after) body.push(paragraph(rich(p)));
  body.push(paragraph(escapeHtml(frame.signature)));
  const footer = [escapeHtml(frame.footer.why)];
  if (frame.footer.unsubscribe) footer.push(link(frame.footer.unsubscribe, frame.labels.unsubscribeLink));
  if (frame.footer.preferences) footer.push(link(frame.footer.preferences, frame.labels.preferencesLink));
  const { code, dir } = frame.language;
  return `<!doctype html>
<html lang="${code}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f5f5f4;color:#1c1917;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:24px">
${body.join('\n')}
</div>
<p dir="${dir}" style="max-width:560px;margin:16px auto 0;font-size:13px;line-height:1.5;color:#57534e">${footer.join('<br>')}</p>
</body>
</html>
`;
}
