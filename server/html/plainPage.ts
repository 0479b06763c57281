import { DEFAULT_LANGUAGE, directionOf, type Language } from '../../common/i18n/languages';
import { escapeHtml } from './shell';

/**
 * A page the server writes whole, without the web app (the embed list, the unsubscribe page, the API
 * docs): in `language` (`<html lang dir>`; English unless told), its own style sheet from web/public,
 * dark mode by the system's setting, and no script. `head` holds extra tags, already escaped.
 */
export function plainPage({
  language = DEFAULT_LANGUAGE,
  title,
  stylesheet,
  head = [],
  body,
  theme = 'auto',
  scripts = [],
}: {
  language?: Language;
  title: string;
  stylesheet: string;
  head?: string[];
  body: string;
  /** Light or dark whatever the system says, or the system's (auto). */
  theme?: 'auto' | 'light' | 'dark';
  /** Scripts of this site, deferred. */
  scripts?: string[];
}): string {
  const themeAttribute = theme === 'auto' ? '' : ` data-theme="${theme}"`;
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}"${themeAttribute}>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="${theme === 'auto' ? 'light dark' : theme}">
${head.map((tag) => `    ${tag}\n`).join('')}    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="${escapeHtml(stylesheet)}">
${scripts.map((src) => `    <script src="${escapeHtml(src)}" defer></script>\n`).join('')}
  </head>
  <body>
${body}
  </body>
</html>
`;
}
