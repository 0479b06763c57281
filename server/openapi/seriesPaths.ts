import { removeInputSchema } from '../../common/schemas/moderation';
import {
  endSeriesInputSchema,
  moveOccurrenceInputSchema,
  seriesPreviewInputSchema,
  seriesPreviewSchema,
  seriesSchema,
} from '../../common/schemas/series';
import { error, eventIdParameter, type JsonObject, json, jsonBody, schemaOf } from './parts';

/**
 * Recurring events (docs/PRODUCT.md#recurring-events) in the OpenAPI document: a series is submitted
 * with `repeats` on POST /api/events; here are its preview, its dates, its calendar file and the
 * writes of its submitter (and moderators).
 */
const seriesId = { ...eventIdParameter, description: 'The series id (`series.id` of any of its events).' };
const notTheirs = error('No such series, or the caller is neither its submitter nor a moderator.');

export const SERIES_TAG = {
  name: 'Recurring events',
  description: 'A series of dates submitted and reviewed once; every date is an event of its own.',
};

export const seriesSchemas: Record<string, JsonObject> = {
  Series: schemaOf(seriesSchema),
  SeriesPreview: schemaOf(seriesPreviewSchema),
};

export const seriesPaths: Record<string, JsonObject> = {
  '/api/series/preview': {
    post: {
      operationId: 'previewSeries',
      tags: ['Recurring events'],
      summary: 'The dates a rule gives',
      description:
        'Every date (at most 60, within a year) of a rule from a first date, time and zone, as instants and ' +
        'as the site writes them in the request’s language. The same refusals as a submission.',
      requestBody: jsonBody(seriesPreviewInputSchema),
      responses: {
        '200': json('The dates.', 'SeriesPreview'),
        '400': error(
          'The rule gives fewer than 2 or more than 60 dates, spans more than a year, or is not valid.',
        ),
      },
    },
  },
  '/api/series/{id}': {
    get: {
      operationId: 'getSeries',
      tags: ['Recurring events'],
      summary: 'A series and its dates',
      description:
        'The rule and every published date (its submitter and moderators: every date, whatever its status).',
      parameters: [seriesId],
      responses: {
        '200': json('The series.', 'Series'),
        '404': error('No such series (or none of it visible).'),
      },
    },
  },
  '/api/series/{id}/ics': {
    get: {
      operationId: 'getSeriesIcs',
      tags: ['Feeds'],
      summary: 'A series as one iCalendar file',
      description:
        'One VEVENT with DTSTART in the series’ zone (with its VTIMEZONE), RRULE, EXDATE for dates that will ' +
        'not happen as announced, and an override (RECURRENCE-ID) for each date that moved or differs.',
      parameters: [seriesId],
      responses: {
        '200': {
          description: 'The calendar file.',
          content: { 'text/calendar': { schema: { type: 'string' } } },
        },
        '404': error('No such series, or none of its dates published.'),
      },
    },
  },
  '/api/series/{id}/edit': {
    post: {
      operationId: 'editSeries',
      tags: ['Recurring events'],
      summary: 'Edit every date still to come',
      description:
        'The submit form and the series’ `version`, from its first date, with `repeats` (as `POST ' +
        '/api/events` takes it) to change the rule, time or end: dates to come it no longer gives are ' +
        'withdrawn, new ones added, dates already over never change (same limits and messages as a new ' +
        'series). Dates waiting for review change in place; published ones get one proposed change, which ' +
        'a moderator accepts for all of them.',
      parameters: [seriesId],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        '200': { description: 'What the edit did (`updated` or `proposed`) and the series.' },
        '400': error('A field is not valid, or the rule gives too many, too few or too distant dates.'),
        '401': error('Not signed in.'),
        '404': notTheirs,
        '409': error('The series changed since the caller read it, or has no dates left to change.'),
      },
    },
  },
  '/api/series/{id}/end': {
    post: {
      operationId: 'endSeries',
      tags: ['Recurring events'],
      summary: 'End a series early',
      description:
        'The last date kept and the series’ `version`: later dates are withdrawn, the rule ends there.',
      parameters: [seriesId],
      requestBody: jsonBody(endSeriesInputSchema),
      responses: {
        '200': json('The series.', 'Series'),
        '400': error('The date is not valid, or before the first date.'),
        '401': error('Not signed in.'),
        '404': notTheirs,
        '409': error('The series changed since the caller read it.'),
      },
    },
  },
  '/api/moderation/series/{id}/remove': {
    post: {
      operationId: 'removeSeries',
      tags: ['Recurring events'],
      summary: 'Remove every published date of a series (moderators)',
      description:
        'Each published date becomes `removed`, its open reports closed, with one log entry (on the first ' +
        'of them) for the optional `reason`. Remove on one date removes that date alone.',
      parameters: [seriesId],
      requestBody: jsonBody(removeInputSchema),
      responses: {
        '200': { description: 'The dates removed.' },
        '401': error('Not signed in.'),
        '403': error('Not a moderator.'),
        '404': error('No such series.'),
        '409': error('None of its dates is published.'),
      },
    },
  },
  '/api/events/{id}/move': {
    post: {
      operationId: 'moveOccurrence',
      tags: ['Recurring events'],
      summary: 'Change one date’s time',
      description:
        'One date of a series at a new day and time (in the series’ zone), with the event’s `version`.',
      parameters: [eventIdParameter],
      requestBody: jsonBody(moveOccurrenceInputSchema),
      responses: {
        '200': json('The event.', 'Event'),
        '400': error('A date or time is not valid.'),
        '401': error('Not signed in.'),
        '404': error('No such event, or the caller is neither its submitter nor a moderator.'),
        '409': error('Not a date of a series, no longer changeable, or changed since the caller read it.'),
      },
    },
  },
};
