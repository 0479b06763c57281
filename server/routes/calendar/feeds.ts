import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FeedFilters } from '../../../common/filters';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '../../../common/i18n/languages';
import { filterQuery } from '../../../common/links';
import { type AppContext, siteOf } from '../../context';
import { translatorFor } from '../../i18n/translate';
import { FEED_MAX_EVENTS, listFeedEvents, listRecentlyApproved, RSS_MAX_ITEMS } from '../../store/feeds';
import { largestJpegSizes } from '../../store/images';
import { parseInput } from '../../validate';
import { sendWithEtag } from './etag';
import { feedCalendar } from './ics';
import { rssFeed } from './rss';
import { feedQuerySchema } from './schemas';

/**
 * 'Protests and rallies within 25 km of Leeds in london matching "gaza"' (or 'Events'): what a feed holds, in `language`,
 * and whether its filters narrow it (its name then says so).
 */
function describeFilters(filters: FeedFilters, language: Language): { what: string; filtered: boolean } {
  const t = translatorFor(language, 'calendar');
  const { type, location, search, near, km } = filters;
  const anyKind = type === 'all' ? t('feeds.allEvents') : t(`feeds.types.${type}`);
  const kind = near ? t('feeds.near', { what: anyKind, km, city: near }) : anyKind;
  const text =
    location && search
      ? t('feeds.inMatching', { what: kind, location, search })
      : location
        ? t('feeds.in', { what: kind, location })
        : search
          ? t('feeds.matching', { what: kind, search })
          : kind;
  return {
    what: text.charAt(0).toLocaleUpperCase(localeOf(language)) + text.slice(1),
    filtered: type !== 'all' || Boolean(location) || Boolean(search) || Boolean(near),
  };
}

/**
 * The feeds speak the request's language: `?lang=` (calendar apps and feed readers send no cookie, so
 * a subscribed address carries it), else the cookie or Accept-Language, which caches must then key on.
 */
const byLanguage = (reply: FastifyReply) => reply.header('Vary', 'Cookie, Accept-Language');

/** The subscribable calendar and the RSS feed, with the home page's filters; approved events only. */
export function registerFeedRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const site = siteOf(env);
  const siteTitle = env.SITE_TITLE;

  app.get('/calendar.ics', async (request, reply) => {
    const filters = parseInput(feedQuerySchema, request.query);
    const rows = await listFeedEvents(store.db, filters, FEED_MAX_EVENTS);
    const language = request.language;
    const t = translatorFor(language, 'calendar');
    const { what, filtered } = describeFilters(filters, language);
    byLanguage(reply)
      .header('Cache-Control', 'public, max-age=600')
      .header('Content-Disposition', 'inline; filename="calendar.ics"')
      .type('text/calendar; charset=utf-8');
    return sendWithEtag(
      request,
      reply,
      await feedCalendar(
        rows,
        site,
        {
          name: filtered ? t('feeds.calendarName', { site: siteTitle, what }) : siteTitle,
          description: t('feeds.calendarDescription', { site: siteTitle, what }),
        },
        { actor: null, language },
      ),
    );
  });

  app.get('/feed.xml', async (request, reply) => {
    const filters = parseInput(feedQuerySchema, request.query);
    const rows = await listRecentlyApproved(store.db, filters, RSS_MAX_ITEMS);
    const language = request.language;
    const t = translatorFor(language, 'calendar');
    const { what, filtered } = describeFilters(filters, language);
    const lang: Record<string, string> = language === DEFAULT_LANGUAGE ? {} : { lang: language };
    byLanguage(reply)
      .header('Cache-Control', 'public, max-age=600')
      .type('application/rss+xml; charset=utf-8');
    return sendWithEtag(
      request,
      reply,
      rssFeed(rows, site, {
        selfUrl: `${env.PUBLIC_URL}/feed.xml${filterQuery(filters, lang)}`,
        title: filtered
          ? t('feeds.calendarName', { site: siteTitle, what })
          : t('feeds.rssTitle', { site: siteTitle }),
        description: t('feeds.rssDescription', { site: siteTitle }),
        language,
        imageSizes: await largestJpegSizes(
          store.db,
          rows.flatMap((row) => (row.image_id ? [row.image_id] : [])),
        ),
      }),
    );
  });
}
