import { escapeHtml } from './shell';

/**
 * A page the server writes whole, without the web app (the embed list, the API docs): English, its own
 * style sheet from web/public, dark mode by the system's setting, and no script. `head` holds extra
 * tags, already escaped.
 */
export function plainPage({
  title,
  stylesheet,
  head = [],
  body,
}: {
  title: string;
  stylesheet: string;
  head?: string[];
  body: string;
}): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
${head.map((tag) => `    ${tag}\n`).join('')}    <title>${escapeHtml(title)}</title>
    <link rel="stylesheet" href="${escapeHtml(stylesheet)}">
  </head>
  <body>
${body}
  </body>
</html>
`;
}
