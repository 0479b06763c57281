import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AboutPage } from '../../common/schemas/about';
import { DEFAULT_ABOUT } from '../about/defaultAbout';
import { renderAbout } from '../about/render';
import type { AppContext } from '../context';
import { StartupError } from '../store/db';

/** The About page's text, read once at start: from ABOUT_FILE, or the default that says what to write. */
export function loadAbout(path: string | undefined): AboutPage {
  if (!path) return { html: renderAbout(DEFAULT_ABOUT), custom: false };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new StartupError(`ABOUT_FILE ${path} cannot be read (${reason}).`);
  }
  return { html: renderAbout(text), custom: true };
}

/** `GET /api/about`: who runs the calendar, how to reach them, the moderation policy (docs/PRODUCT.md#about). */
export function registerAboutRoutes(app: FastifyInstance, { env }: AppContext): void {
  const about = loadAbout(env.ABOUT_FILE);
  app.get('/api/about', async (_request, reply): Promise<AboutPage> => {
    reply.header('Cache-Control', 'public, max-age=300');
    return about;
  });
}
