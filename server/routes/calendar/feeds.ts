import type { FastifyInstance } from 'fastify';
import type { EventType } from '../../../common/enums';
import type { FeedFilters } from '../../../common/filters';
import { filterQuery } from '../../../common/links';
import { type AppContext, siteOf } from '../../context';
import { FEED_MAX_EVENTS, listFeedEvents, listRecentlyApproved, RSS_MAX_ITEMS } from '../../store/feeds';
import { parseInput } from '../../validate';
import { sendWithEtag } from './etag';
import { feedCalendar } from './ics';
import { rssFeed } from './rss';
import { feedQuerySchema } from './schemas';

const TYPE_NAMES: Record<EventType, string> = {
  protest: 'protests and rallies',
  cultural: 'cultural events',
  educational: 'educational events',
  digital: 'digital events',
};

/** 'Protests and rallies in london matching "gaza"': what a filtered feed holds, for its name. */
function describeFilters(filters: FeedFilters): string {
  const parts: string[] = [];
  parts.push(filters.type === 'all' ? 'Events' : TYPE_NAMES[filters.type]);
  if (filters.location) parts.push(`in ${filters.location}`);
  if (filters.search) parts.push(`matching “${filters.search}”`);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The subscribable calendar and the RSS feed, with the home page's filters; approved events only. */
export function registerFeedRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const site = siteOf(env);

  app.get('/calendar.ics', async (request, reply) => {
    const filters = parseInput(feedQuerySchema, request.query);
    const rows = await listFeedEvents(store.db, filters, FEED_MAX_EVENTS);
    const what = describeFilters(filters);
    reply
      .header('Cache-Control', 'public, max-age=600')
      .header('Content-Disposition', 'inline; filename="calendar.ics"')
      .type('text/calendar; charset=utf-8');
    return sendWithEtag(
      request,
      reply,
      await feedCalendar(rows, site, {
        name: what === 'Events' ? env.SITE_TITLE : `${env.SITE_TITLE}: ${what}`,
        description: `${what} from ${env.SITE_TITLE}, a community calendar of events in support of Palestine. Always verify details on each event's official source.`,
      }),
    );
  });

  app.get('/feed.xml', async (request, reply) => {
    const filters = parseInput(feedQuerySchema, request.query);
    const rows = await listRecentlyApproved(store.db, filters, RSS_MAX_ITEMS);
    const what = describeFilters(filters);
    reply.header('Cache-Control', 'public, max-age=600').type('application/rss+xml; charset=utf-8');
    return sendWithEtag(
      request,
      reply,
      rssFeed(rows, site, {
        selfUrl: `${env.PUBLIC_URL}/feed.xml${filterQuery(filters)}`,
        title: what === 'Events' ? `${env.SITE_TITLE}: new events` : `${env.SITE_TITLE}: ${what}`,
        description: `Events newly approved by the moderators of ${env.SITE_TITLE}.`,
      }),
    );
  });
}
