import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  LANGUAGE_CODES,
  type Language,
  withLanguage,
} from '../../common/i18n/languages';
import { translatorFor } from '../i18n/translate';

/** Escape text for HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HTML_START = '<html lang="en" dir="ltr">';

/** Largest style sheet put into a page itself; a larger one stays a file the browser caches. */
const INLINE_CSS_MAX_BYTES = 96 * 1024;

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/** The build's own style sheet links in `template`, each with the <style> element that can replace it. */
function inlineableStyleSheets(template: string, webRoot: string): Map<string, string> {
  const styles = new Map<string, string>();
  // (The <link> itself is also what `inlineStyles` moves to the end of the body when given a critical sheet.)
  for (const [link, path] of template.matchAll(STYLESHEET_LINK)) {
    const file = join(webRoot, path ?? '');
    const css = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (css !== null && css.length <= INLINE_CSS_MAX_BYTES && !/<\/style/i.test(css)) {
      styles.set(link, `<style>${css}</style>`);
    }
  }
  return styles;
}

/** Settings the web app reads from the page itself, so the first screen needs no extra request. */
export interface ClientConfig {
  siteTitle: string;
  googleEnabled: boolean;
  /** The server sends email (docs/EMAIL.md): "Forgot password?" and email settings are offered. */
  mailEnabled: boolean;
}

export interface ShellParts {
  /** The document title. */
  title: string;
  /** Extra tags for <head> (already escaped). */
  head?: string;
  /** The page's language: `<html lang dir>`, and the catalogs the browser loads first. */
  language: Language;
  /**
   * The page's address on this site (path and query) when it is the same for everyone and worth
   * finding in search engines: its other languages are listed as `hreflang` alternates.
   */
  alternatesOf?: string;
}

/**
 * The built index.html with per-request parts filled in. The template is read once; placeholders are
 * `%TITLE%`, `%HEAD%`, `%APP_CONFIG%` and `%NOSCRIPT%` (the notice without JavaScript, from common.json);
 * `<html lang="en" dir="ltr">` takes the page's language (see web/index.html).
 */
export class Shell {
  private readonly template: string;
  /** In every page's head, per language: feed readers and calendar apps discover the feeds from any page. */
  private readonly feedLinks = new Map<Language, string>();
  /**
   * The build's style sheet links, each with the <style> element that replaces it, as UTF-8: the sheets
   * are the same in every page and half its bytes, so they are encoded once, not for each page (issue 21).
   */
  private readonly styles: Map<string, Buffer>;
  /** Each critical sheet's <style> element as UTF-8, by the sheet's text (the renderer has two). */
  private readonly criticalStyles = new Map<string, Buffer>();

  constructor(
    /** The built web app's folder; its server renderer sits beside it (server/html/ssr.ts). */
    readonly webRoot: string,
    /** Also what the server renderer uses, so its HTML matches the page that hydrates it. */
    readonly config: ClientConfig,
    /** PUBLIC_URL's origin: where `hreflang` alternates point. */
    private readonly origin: string,
    /** `<link rel="modulepreload">` tags for each language's first catalogs (server/html/catalogs.ts). */
    private readonly catalogPreloads: (language: Language) => string = () => '',
  ) {
    this.template = readFileSync(join(webRoot, 'index.html'), 'utf8');
    this.styles = new Map(
      [...inlineableStyleSheets(this.template, webRoot)].map(([link, style]) => [link, Buffer.from(style)]),
    );
  }

  /** The feeds in the page's language: their titles, and their addresses with `?lang=` (not English's). */
  private feedLinksIn(language: Language): string {
    let links = this.feedLinks.get(language);
    if (links === undefined) {
      const t = translatorFor(language, 'calendar');
      const site = this.config.siteTitle;
      const href = (path: string) =>
        escapeHtml(language === DEFAULT_LANGUAGE ? path : withLanguage(path, language));
      links = [
        `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(t('feedLinks.rss', { site }))}" href="${href('/feed.xml')}">`,
        `<link rel="alternate" type="text/calendar" title="${escapeHtml(t('feedLinks.calendar', { site }))}" href="${href('/calendar.ics')}">`,
      ].join('\n    ');
      this.feedLinks.set(language, links);
    }
    return links;
  }

  /**
   * The page with the build's style sheet in it rather than linked (about 10 KB compressed; the CSP
   * allows inline styles). For pages the server rendered: the browser paints them as soon as the HTML
   * arrives, instead of waiting one more round trip for a render-blocking file. Pages the browser
   * renders wait for the script anyway, and keep the cached file.
   *
   * With `critical` (the home page: web/critical.css, the rules its first screen needs, ~40% less), that
   * is what goes in the head instead, and the whole sheet's <link> moves to the end of the body: it
   * blocks no paint of what comes before it, the browser caches it for every later page, and it adds
   * only rules the first screen does not use (issue 21). `critical` never holds a `</style`: the renderer's
   * sheets are checked once, when it is loaded (server/html/ssr.ts). The page comes back as the bytes
   * to send.
   */
  inlineStyles(page: string, critical: string | null = null): Buffer {
    // Found in the order the page has them (the template's), each once.
    const found = [...this.styles.keys()]
      .map((link) => ({ link, at: page.indexOf(link) }))
      .filter(({ at }) => at !== -1)
      .sort((a, b) => a.at - b.at);
    const parts: Buffer[] = [];
    let from = 0;
    for (const [i, { link, at }] of found.entries()) {
      parts.push(Buffer.from(page.slice(from, at)));
      const style = critical === null ? this.styles.get(link) : i === 0 ? this.criticalStyle(critical) : null;
      if (style) parts.push(style);
      from = at + link.length;
    }
    if (critical !== null && found.length > 0) {
      // The page's own </body> is its last (what it holds is escaped): found from the end.
      const end = page.lastIndexOf('</body>');
      if (end >= from) {
        const links = found.map(({ link }) => link).join('');
        parts.push(Buffer.from(`${page.slice(from, end)}  ${links}\n  `));
        from = end;
      }
    }
    parts.push(Buffer.from(page.slice(from)));
    return Buffer.concat(parts);
  }

  private criticalStyle(css: string): Buffer {
    let bytes = this.criticalStyles.get(css);
    if (!bytes) {
      bytes = Buffer.from(`<style>${css}</style>`);
      this.criticalStyles.set(css, bytes);
    }
    return bytes;
  }

  /**
   * Fill every placeholder in one pass over the template: what one part brings (an event's title or
   * description holding `%HEAD%`) is never read again as a placeholder.
   */
  render(parts: ShellParts): string {
    const head = [
      this.feedLinksIn(parts.language),
      this.catalogPreloads(parts.language),
      this.alternates(parts),
      parts.head ?? '',
    ]
      .filter((part) => part !== '')
      .join('\n    ');
    const values: Record<string, string> = {
      TITLE: escapeHtml(parts.title),
      HEAD: head,
      APP_CONFIG: escapeHtml(JSON.stringify(this.config)),
      NOSCRIPT: escapeHtml(translatorFor(parts.language)('noscript')),
    };
    // The template's own <html lang="en" dir="ltr"> (a valid page as built) says the page's language.
    const template =
      parts.language === 'en'
        ? this.template
        : this.template.replace(
            HTML_START,
            () => `<html lang="${parts.language}" dir="${directionOf(parts.language)}">`,
          );
    return template.replace(/%(TITLE|HEAD|APP_CONFIG|NOSCRIPT)%/g, (_, name: string) => values[name] ?? '');
  }

  /** The same page in each language (`?lang=xx`), and without a language for whoever has no preference. */
  private alternates({ alternatesOf }: ShellParts): string {
    if (alternatesOf === undefined) return '';
    const href = (language: Language | null) =>
      escapeHtml(`${this.origin}${withLanguage(alternatesOf, language)}`);
    return [
      ...LANGUAGE_CODES.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}">`),
      `<link rel="alternate" hreflang="x-default" href="${href(null)}">`,
    ].join('\n    ');
  }
}
