import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_CODES, type Language } from '../../common/i18n/languages';
import type { AboutPage } from '../../common/schemas/about';
import { DEFAULT_ABOUT_BY_LANGUAGE } from '../about/defaultAboutTranslations';
import { renderAbout } from '../about/render';
import type { AppContext } from '../context';
import type { ApiReads } from '../http/apiReads';
import { StartupError } from '../store/db';

/**
 * The About page's text in each language, read once at start: from ABOUT_FILE (the operators' own
 * words, the same in every language), or the default that says what to write, in each language.
 */
export function loadAbout(path: string | undefined): (language: Language) => AboutPage {
  if (!path) {
    const pages = new Map(
      LANGUAGE_CODES.map((l) => [l, { html: renderAbout(DEFAULT_ABOUT_BY_LANGUAGE[l]), custom: false }]),
    );
    return (language) => pages.get(language) ?? { html: '', custom: false };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new StartupError(`ABOUT_FILE ${path} cannot be read (${reason}).`);
  }
  const page = { html: renderAbout(text), custom: true };
  return () => page;
}

/** `GET /api/about`: who runs the calendar, how to reach them, the moderation policy (docs/PRODUCT.md#about). */
export function registerAboutRoutes(app: FastifyInstance, { env }: AppContext, reads: ApiReads): void {
  const about = loadAbout(env.ABOUT_FILE);
  // The default text comes in the visitor's language (server/i18n/language.ts).
  reads.get(app, '/api/about', async (request): Promise<AboutPage> => about(request.language), {
    'Cache-Control': 'public, max-age=300',
    Vary: 'Accept-Language, Cookie',
  });
}
