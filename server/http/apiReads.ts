/**
 * The API reads a rendered page is made from (the home list, the month, an event, the about page, the
 * log), each one function that answers both its HTTP route and, in-process, the page's renderer.
 *
 * The renderer asks the API for what it shows by path, as the browser does. Those calls went through
 * Fastify's inject: a fake request and response and the whole hook and reply pipeline, ~0.3 ms of the
 * server's thread for a home page's list beyond making the answer itself (issue 21, bench/NOTES.md).
 * Here the same function answers, for whoever the page is for and in the page's language (which an
 * injected call took from the cookie, missing a first `?lang=` link's): the same validation (the
 * function parses its input), the same visibility rules (it decides them from the actor), the same
 * JSON.
 */
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../common/i18n/languages';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors';

/** What a read needs of its request: its query and path parameters, who asks, and in what language. */
export interface ReadRequest {
  query: unknown;
  params: unknown;
  actor: Actor | null;
  language: Language;
}

/** One API read: its answer (sent as JSON), or an AppError for a 4xx. */
export type Read = (request: ReadRequest) => Promise<unknown>;

/** An in-process read's outcome, as the renderer takes an API answer: its status, and for a 200 its JSON. */
export interface ReadAnswer {
  status: number;
  text: string | null;
}

interface Pattern {
  /** The route's path split at `/`; a segment starting with `:` takes any one segment as that parameter. */
  segments: string[];
  read: Read;
}

export class ApiReads {
  /** Paths without parameters, which come first (as in Fastify's router: `/api/events/month` is no id). */
  readonly #paths = new Map<string, Read>();
  readonly #patterns: Pattern[] = [];

  /**
   * Declare `GET path` (Fastify's syntax: `/api/events/:id`) answered by `read`, with `headers` on
   * its HTTP answers (its caching), and make it readable in-process.
   */
  get(app: FastifyInstance, path: string, read: Read, headers: Record<string, string> = {}): void {
    if (path.includes('/:')) this.#patterns.push({ segments: path.split('/'), read });
    else this.#paths.set(path, read);
    app.get(path, async (request, reply) => {
      reply.headers(headers);
      return read(request);
    });
  }

  /**
   * `GET path` (a path and query, as the renderer asks it) answered for `actor` in `language`, as its
   * route would answer it; 404 for a path no read declares. Rejects with what the read threw when it
   * is not an AppError (a failing database), as the route would answer 500.
   */
  async answer(
    path: string,
    { actor, language }: { actor: Actor | null; language: Language },
  ): Promise<ReadAnswer> {
    const at = path.indexOf('?');
    const found = this.#find(at === -1 ? path : path.slice(0, at));
    if (!found) return { status: 404, text: null };
    try {
      const query = parseQuery(at === -1 ? '' : path.slice(at + 1));
      const body = await found.read({ query, params: found.params, actor, language });
      return { status: 200, text: JSON.stringify(body) };
    } catch (error) {
      if (error instanceof AppError) return { status: error.statusCode, text: null };
      throw error;
    }
  }

  #find(pathname: string): { read: Read; params: Record<string, string> } | null {
    const read = this.#paths.get(pathname);
    if (read) return { read, params: {} };
    const asked = pathname.split('/');
    for (const { segments, read } of this.#patterns) {
      if (segments.length !== asked.length) continue;
      const params: Record<string, string> = {};
      const matches = segments.every((segment, i) => {
        const part = asked[i] ?? '';
        if (!segment.startsWith(':')) return segment === part;
        if (part === '') return false;
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      });
      if (matches) return { read, params };
    }
    return null;
  }
}
