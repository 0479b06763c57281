import { z } from 'zod';
import { EVENT_TYPES } from '../../common/enums';
import { EVENT_WHEN, NEAR_KM, NEAR_KM_DEFAULT } from '../../common/filters';
import { LIMITS } from '../../common/limits';
import { MONTH_DAY_EVENTS } from '../../common/monthGrid';
import { PERIODS, RANGE_MAX_DAYS } from '../../common/periods';
import { aboutPageSchema } from '../../common/schemas/about';
import { apiErrorSchema } from '../../common/schemas/errors';
import { eventSchema, monthEventsSchema, scheduleInputSchema } from '../../common/schemas/events';
import { FEED_LOOKBACK_MS, FEED_MAX_EVENTS, RSS_MAX_ITEMS } from '../store/feeds';
import { ACCOUNT_TAG, accountPaths, accountSchemas } from './accountPaths';
import { MODERATION_TAG, moderationPaths, moderationSchemas } from './moderationPaths';
import { OWNERSHIP_TAG, ownershipPaths, ownershipSchemas } from './ownershipPaths';
import { queuePaths, queueSchemas } from './queuePaths';
import { SERIES_TAG, seriesPaths, seriesSchemas } from './seriesPaths';

/**
 * The OpenAPI 3.1 description of the public read API. Response schemas are generated from the zod
 * schemas in common/ (the same ones the server answers with), so the document cannot drift from them;
 * other engineers add their public endpoints to `paths` below.
 */

type JsonObject = Record<string, unknown>;

/** A zod schema as a JSON Schema (2020-12, the dialect of OpenAPI 3.1), without its `$schema` line. */
function jsonSchemaOf(schema: z.ZodType, descriptions: Record<string, string> = {}): JsonObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as JsonObject;
  const properties = rest.properties as Record<string, JsonObject> | undefined;
  if (properties) {
    for (const [key, description] of Object.entries(descriptions)) {
      if (properties[key]) properties[key] = { ...properties[key], description };
    }
  }
  return rest;
}

const EVENT_FIELDS: Record<string, string> = {
  id: '16 characters of base62: unguessable, and stable for the life of the event.',
  title: 'The event title.',
  description: 'What the event is about (plain text, may contain line breaks).',
  date: 'The instant the event starts, ISO 8601 in UTC (e.g. 2026-03-29T09:00:00.000Z).',
  endDate:
    'The instant it ends, when the submitter gave one. Without it the event counts as lasting two hours.',
  timezone: 'IANA time zone the event happens in (e.g. Europe/London); show `date` in this zone.',
  location: 'City and country as the submitter wrote them; both empty for an online-only event without them.',
  attendance: 'How people attend: `in_person`, `online` (with a link to join) or `both`.',
  venue: 'Venue or meeting point: present only when the caller may see the exact place (see `placeRule`).',
  address: 'Street address: present only when the caller may see the exact place.',
  joinUrl: 'Link to join an online event: present only when the caller may see the exact place.',
  placeRule:
    'Who sees venue, address and link to join: `everyone`, `signed_in`, or `hours_before` (everyone from ' +
    '`hours` hours before the start). The submitter and moderators always do.',
  placeWithheld: 'True when the event has a venue, address or link that the caller may not see yet.',
  accessibility: 'Accessibility notes (step-free access, seating, interpretation…), when given.',
  schedule: '`scheduled`, or `cancelled` / `postponed`: such an event stays listed until it is over.',
  scheduleNote: 'The note given with a cancellation or postponement.',
  type: 'Event type.',
  sourceLink: 'The official page of the event (http or https). Always verify details there.',
  organizer: 'Who organises it, when given.',
  status: 'Moderation status. Public lists only ever contain `approved` events.',
  verified: 'True when a moderator confirmed the event with a trusted organisation.',
  createdAt: 'When it was submitted, ISO 8601.',
  submittedByViewer: 'True when the signed-in caller submitted this event (always false without a session).',
  createdBy: "The submitter's id: present for moderators only.",
  version: 'Raised by every change to the event; writes send the version they were based on (409 if stale).',
  review:
    'For its submitter and moderators only: why it was rejected or removed, and a proposed change that ' +
    'waits or was rejected (`GET /api/events/{id}` and `/api/my/events`).',
  series:
    'A date of a recurring event: its series id (`GET /api/series/{id}`), the rule, its position and how ' +
    'many dates the series has, and whether its time was changed.',
};

const filterParameters = [
  {
    name: 'search',
    in: 'query',
    description: 'Case-insensitive text searched in title, description, city and country.',
    schema: { type: 'string', maxLength: LIMITS.searchMax },
  },
  {
    name: 'location',
    in: 'query',
    description: 'Case-insensitive text the city or the country contains.',
    schema: { type: 'string', maxLength: LIMITS.locationMax },
  },
  {
    name: 'type',
    in: 'query',
    description: 'Only events of this type.',
    schema: { type: 'string', enum: ['all', ...EVENT_TYPES], default: 'all' },
  },
  {
    name: 'near',
    in: 'query',
    description:
      'Only events within `km` of this city: a name ("Manchester") or a name and a country ' +
      '("Paris, France", "Paris, FR"), found in an offline gazetteer of the GeoNames places of ' +
      '5,000 people or more (the most populous of that name). The list answer says which city it took ' +
      '(`near.city`); for a city it does not know, lists and feeds are empty (`near.city` null).',
    schema: { type: 'string', maxLength: LIMITS.locationMax },
  },
  {
    name: 'km',
    in: 'query',
    description: 'How far from `near`, in kilometres (great-circle distance from the city).',
    schema: { type: 'string', enum: NEAR_KM.map(String), default: String(NEAR_KM_DEFAULT) },
  },
];

const onlineParameter = {
  name: 'online',
  in: 'query',
  description: 'Only events one can attend online (online, or in person and online).',
  schema: { type: 'string', enum: ['0', '1', 'false', 'true'], default: '0' },
};

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Event id.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9]{16}$' },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function openApiDocument({
  publicUrl,
  siteTitle,
}: {
  publicUrl: string;
  siteTitle: string;
}): JsonObject {
  const lookbackDays = Math.round(FEED_LOOKBACK_MS / (24 * 3600 * 1000));
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteTitle} API`,
      version: '1.0.0',
      summary: 'Read the approved events of this community calendar.',
      description:
        'The public, read-only API of this calendar: approved events as JSON, one event as an iCalendar ' +
        'file, a subscribable iCalendar feed and an RSS feed. No key is needed. Only events approved by ' +
        'the moderators appear; removed events disappear from every list and feed. Please cache ' +
        'responses and poll feeds at most every few minutes.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: publicUrl }],
    tags: [
      { name: 'Events', description: 'Approved events as JSON.' },
      { name: 'Feeds', description: 'Calendar and news-reader formats of the same events.' },
      { name: 'Service', description: 'Operational endpoints.' },
      ACCOUNT_TAG,
      OWNERSHIP_TAG,
      SERIES_TAG,
      MODERATION_TAG,
    ],
    paths: {
      '/api/events': {
        get: {
          operationId: 'listEvents',
          tags: ['Events'],
          summary: 'List approved events',
          description:
            'Upcoming events soonest first (`when=upcoming`, the default) or past events latest first ' +
            '(`when=past`), filtered and paged on the server.',
          parameters: [
            ...filterParameters,
            {
              name: 'when',
              in: 'query',
              description:
                'Upcoming (not over yet, those happening now first) or past (over) events. An event is over ' +
                'at its end, or two hours after its start without one.',
              schema: { type: 'string', enum: [...EVENT_WHEN], default: 'upcoming' },
            },
            {
              name: 'period',
              in: 'query',
              description:
                'Events that overlap today, this weekend (Saturday and Sunday), the next 7 days (today and ' +
                'the 6 after it) or this month, on the calendar of `tz`.',
              schema: { type: 'string', enum: [...PERIODS], default: 'any' },
            },
            {
              name: 'from',
              in: 'query',
              description:
                'First day of a range of days (YYYY-MM-DD, on the calendar of `tz`); it takes the place of ' +
                '`period`. Alone, that one day.',
              schema: { type: 'string', format: 'date' },
            },
            {
              name: 'to',
              in: 'query',
              description: `Last day of the range (YYYY-MM-DD); a range spans at most ${RANGE_MAX_DAYS} days.`,
              schema: { type: 'string', format: 'date' },
            },
            onlineParameter,
            {
              name: 'tz',
              in: 'query',
              description:
                'The IANA time zone whose calendar `period`, `from` and `to` are read in (UTC without it).',
              schema: { type: 'string', example: 'Europe/London' },
            },
            {
              name: 'page',
              in: 'query',
              description: 'Page number, from 1.',
              schema: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            },
            {
              name: 'pageSize',
              in: 'query',
              description: 'Events per page.',
              schema: {
                type: 'integer',
                minimum: 1,
                maximum: LIMITS.pageSizeMax,
                default: LIMITS.pageSizeDefault,
              },
            },
          ],
          responses: {
            '200': {
              description: 'One page of events and the total number matching the filters.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/EventList' } } },
            },
            '400': errorResponse('A query value is not valid; `fields` names it.'),
          },
        },
      },
      '/api/events/month': {
        get: {
          operationId: 'listMonthEvents',
          tags: ['Events'],
          summary: 'A month of approved events, day by day',
          description:
            'Each day of a month on the calendar of `tz`: how many approved events matching the filters ' +
            `overlap it (those running over several days count on each of them), and the first ${MONTH_DAY_EVENTS} ` +
            'by start. The rest of a day is `GET /api/events` with `from` and `to` that day.',
          parameters: [
            {
              name: 'month',
              in: 'query',
              description: 'The month (YYYY-MM); the current one on the calendar of `tz` without it.',
              schema: { type: 'string', pattern: '^[12][0-9]{3}-(0[1-9]|1[0-2])$', example: '2026-11' },
            },
            ...filterParameters,
            onlineParameter,
            {
              name: 'tz',
              in: 'query',
              description: 'The IANA time zone whose calendar the days are read in (UTC without it).',
              schema: { type: 'string', example: 'Europe/London' },
            },
          ],
          responses: {
            '200': {
              description: 'The month, day by day.',
              content: { 'application/json': { schema: jsonSchemaOf(monthEventsSchema) } },
            },
            '400': errorResponse('A query value is not valid; `fields` names it.'),
          },
        },
      },
      '/api/events/{id}': {
        get: {
          operationId: 'getEvent',
          tags: ['Events'],
          summary: 'Get one event',
          description:
            'An approved event. Events that do not exist, and events the caller may not see, answer the same 404.',
          parameters: [idParameter],
          responses: {
            '200': {
              description: 'The event.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
            },
            '404': errorResponse('No such event (or not visible to the caller).'),
          },
        },
      },
      '/api/events/{id}/schedule': {
        post: {
          operationId: 'setEventSchedule',
          tags: ['Events'],
          summary: 'Mark an event cancelled or postponed (or scheduled again)',
          description:
            "The event's submitter or a moderator, on an approved event, with the session cookie. The " +
            'event stays listed until it is over; calendar files get STATUS:CANCELLED and a raised SEQUENCE.',
          parameters: [idParameter],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(scheduleInputSchema) } },
          },
          responses: {
            '200': {
              description: 'The event as it now is.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
            },
            '400': errorResponse('The schedule or the note is not valid.'),
            '401': errorResponse('Not signed in.'),
            '404': errorResponse('No such event, or the caller is neither its submitter nor a moderator.'),
            '409': errorResponse(
              'The event is not published (`not_published`), or changed since `version` (`stale_version`).',
            ),
            '429': errorResponse('Too many schedule changes this hour.'),
          },
        },
      },
      '/api/events/{id}/ics': {
        get: {
          operationId: 'getEventIcs',
          tags: ['Feeds'],
          summary: 'One event as an iCalendar file',
          description:
            'RFC 5545 text with one VEVENT, for "add to calendar". Times are in UTC; DTEND is the end, or ' +
            'two hours after the start without one. A cancelled or postponed event has STATUS:CANCELLED and ' +
            'a raised SEQUENCE. The venue, address and link to join appear only when the caller may see ' +
            'them. Also served at `/event/{id}.ics`.',
          parameters: [idParameter],
          responses: {
            '200': {
              description: 'The calendar file (sent as an attachment).',
              content: { 'text/calendar': { schema: { type: 'string' } } },
            },
            '404': errorResponse('No such event (or not visible to the caller).'),
          },
        },
      },
      '/calendar.ics': {
        get: {
          operationId: 'calendarFeed',
          tags: ['Feeds'],
          summary: 'Subscribable calendar of upcoming events',
          description:
            `Up to ${FEED_MAX_EVENTS} approved events, soonest first, from ${lookbackDays} days ago on ` +
            "(so an event stays in subscribers' calendars after it starts), with the same filters as the " +
            'home page. Subscribe with the `webcal:` form of this URL. Calendar apps refresh it about hourly.',
          parameters: filterParameters,
          responses: {
            '200': {
              description: 'An iCalendar (RFC 5545) feed with X-WR-CALNAME.',
              content: { 'text/calendar': { schema: { type: 'string' } } },
            },
            '400': errorResponse('A filter value is not valid.'),
          },
        },
      },
      '/feed.xml': {
        get: {
          operationId: 'rssFeed',
          tags: ['Feeds'],
          summary: 'RSS feed of newly approved events',
          description: `The ${RSS_MAX_ITEMS} most recently approved events, newest approval first, with the same filters.`,
          parameters: filterParameters,
          responses: {
            '200': {
              description: 'RSS 2.0.',
              content: { 'application/rss+xml': { schema: { type: 'string' } } },
            },
            '400': errorResponse('A filter value is not valid.'),
          },
        },
      },
      '/embed': {
        get: {
          operationId: 'embedList',
          tags: ['Feeds'],
          summary: 'Embeddable list of upcoming events',
          description:
            'A small HTML page made for an `<iframe>` on other websites (the only page that may be framed): ' +
            'upcoming approved events with links that open here in a new tab. No script, no cookies. ' +
            'The "Embed and subscribe" page (`/subscribe`) writes the snippet.',
          parameters: [
            ...filterParameters,
            {
              name: 'limit',
              in: 'query',
              description: 'How many events to list.',
              schema: { type: 'integer', minimum: 1, maximum: LIMITS.embedMax, default: LIMITS.embedDefault },
            },
          ],
          responses: {
            '200': { description: 'The list.', content: { 'text/html': { schema: { type: 'string' } } } },
            '400': {
              description: 'A query value is not valid; the page says which.',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/api/health': {
        get: {
          operationId: 'health',
          tags: ['Service'],
          summary: 'Health check',
          description: 'Answers 200 once the server is ready and its database answers.',
          responses: {
            '200': {
              description: 'Ready.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
            },
            '503': {
              description: 'The database does not answer.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
            },
          },
        },
      },
      '/api/about': {
        get: {
          operationId: 'about',
          tags: ['Service'],
          summary: 'The About page',
          description:
            'Who runs the calendar, how to reach them, the moderation policy and what Verified means: the ' +
            "operator's Markdown (`ABOUT_FILE`) as HTML without raw HTML, images or unsafe links, each heading " +
            'with an id; `custom` is false while the default text, which says what to write, is shown.',
          responses: {
            '200': {
              description: 'The page.',
              content: { 'application/json': { schema: jsonSchemaOf(aboutPageSchema) } },
            },
          },
        },
      },
      ...accountPaths,
      ...ownershipPaths,
      ...seriesPaths,
      ...moderationPaths,
      ...queuePaths,
    },
    components: {
      schemas: {
        Event: jsonSchemaOf(eventSchema, EVENT_FIELDS),
        EventList: {
          type: 'object',
          properties: {
            events: { type: 'array', items: { $ref: '#/components/schemas/Event' } },
            total: { type: 'integer', description: 'Events matching the filters, on all pages.' },
            page: { type: 'integer' },
            pageSize: { type: 'integer' },
          },
          required: ['events', 'total', 'page', 'pageSize'],
        },
        Error: jsonSchemaOf(apiErrorSchema),
        Health: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['ok', 'unavailable'] },
            database: { type: 'string', enum: ['sqlite', 'postgres'] },
          },
          required: ['status', 'database'],
        },
        ...accountSchemas,
        ...ownershipSchemas,
        ...seriesSchemas,
        ...moderationSchemas,
        ...queueSchemas,
      },
    },
  };
}
