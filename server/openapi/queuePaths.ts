import {
  bulkInputSchema,
  bulkResultSchema,
  checkedResultSchema,
  claimResultSchema,
  noteInputSchema,
  noteListSchema,
  noteSchema,
  personSchema,
  similarEventsSchema,
  trustInputSchema,
} from '../../common/schemas/queue';
import { error, eventIdParameter, type JsonObject, json, jsonBody, schemaOf } from './parts';

/**
 * Moderators' time (docs/PRODUCT.md#moderation) in the OpenAPI document: the submit form's similar
 * events check, and the moderators' bulk decisions, claims, notes and trusted organisers.
 */
const refused = { '401': error('Not signed in.'), '403': error('Not a moderator.') };
const id = eventIdParameter;
const PERSON_ID = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The person (user) id.',
  schema: { type: 'string' },
};
const NOTE_ID = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The note id.',
  schema: { type: 'string' },
};
const tags = ['Moderation'];

export const queueSchemas: Record<string, JsonObject> = {
  SimilarEvents: schemaOf(similarEventsSchema),
  BulkResult: schemaOf(bulkResultSchema),
  ClaimResult: schemaOf(claimResultSchema),
  Note: schemaOf(noteSchema),
  NoteList: schemaOf(noteListSchema),
  Person: schemaOf(personSchema),
  CheckedResult: schemaOf(checkedResultSchema),
};

export const queuePaths: Record<string, JsonObject> = {
  '/api/events/similar': {
    get: {
      operationId: 'similarEvents',
      tags: ['Events'],
      summary: 'Events that may be the one being submitted',
      description:
        'Events in the same city starting within 36 hours of the date given, whose title has a trigram ' +
        'similarity of at least 0.5 with `title`. Published events only, and pending ones too for ' +
        'moderators. Signed-in people only.',
      parameters: [
        { name: 'title', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'city', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'date', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
        { name: 'time', in: 'query', schema: { type: 'string', pattern: '^\\d{2}:\\d{2}$' } },
        { name: 'timezone', in: 'query', schema: { type: 'string' } },
      ],
      responses: {
        '200': json('At most five events, the most similar first.', 'SimilarEvents'),
        '400': error('A value is not valid.'),
        '401': error('Not signed in.'),
      },
    },
  },
  '/api/moderation/bulk': {
    post: {
      operationId: 'bulkDecide',
      tags,
      summary: 'Approve or reject several pending events',
      description:
        'Each event in its own transaction with its log and audit entries; the answer says for each ' +
        'what happened: `done`, `already_decided` (no longer waiting: another moderator decided it, or its submitter withdrew it), `not_found`, ' +
        '`not_allowed`. A rejection needs `reason`.',
      requestBody: jsonBody(bulkInputSchema),
      responses: {
        '200': json('What happened to each.', 'BulkResult'),
        '400': error('Not valid.'),
        ...refused,
      },
    },
  },
  '/api/moderation/events/{id}/claim': {
    post: {
      operationId: 'claimEvent',
      tags,
      summary: "I'm looking at this",
      description:
        'Claims the event for 10 minutes unless another moderator holds a live claim on it; answers the ' +
        'claim that holds.',
      parameters: [id],
      responses: { '200': json('The claim.', 'ClaimResult'), ...refused, '404': error('No such event.') },
    },
  },
  '/api/moderation/events/{id}/release': {
    post: {
      operationId: 'releaseEvent',
      tags,
      summary: 'Let go of my claim on an event',
      parameters: [id],
      responses: { '200': { description: '`released`: whether one was held.' }, ...refused },
    },
  },
  '/api/moderation/events/{id}/notes': {
    get: {
      operationId: 'eventNotes',
      tags,
      summary: "Moderators' private notes on an event, newest first",
      parameters: [id],
      responses: { '200': json('The notes.', 'NoteList'), ...refused, '404': error('No such event.') },
    },
    post: {
      operationId: 'addEventNote',
      tags,
      summary: 'Add a private note on an event',
      parameters: [id],
      requestBody: jsonBody(noteInputSchema),
      responses: { '201': json('The note.', 'Note'), '400': error('Not valid.'), ...refused },
    },
  },
  '/api/moderation/notes/{id}/delete': {
    post: {
      operationId: 'deleteNote',
      tags,
      summary: 'Delete one of my notes',
      parameters: [NOTE_ID],
      responses: {
        '200': { description: 'Deleted.' },
        ...refused,
        '404': error('No such note.'),
      },
    },
  },
  '/api/moderation/people/{id}': {
    get: {
      operationId: 'person',
      tags,
      summary: 'A person as moderators see them: trusted or not, notes, trust history',
      parameters: [PERSON_ID],
      responses: { '200': json('The person.', 'Person'), ...refused, '404': error('No such person.') },
    },
  },
  '/api/moderation/people/{id}/notes': {
    post: {
      operationId: 'addPersonNote',
      tags,
      summary: 'Add a private note on a person',
      parameters: [PERSON_ID],
      requestBody: jsonBody(noteInputSchema),
      responses: { '201': json('The note.', 'Note'), '400': error('Not valid.'), ...refused },
    },
  },
  '/api/moderation/people/{id}/trust': {
    post: {
      operationId: 'trustPerson',
      tags,
      summary: 'Trust a person (their submissions are published without review) or untrust them',
      description: 'Audited in the moderators’ audit trail of the person; 409 when it already was so.',
      parameters: [PERSON_ID],
      requestBody: jsonBody(trustInputSchema),
      responses: {
        '200': json('The person.', 'Person'),
        '400': error('Not valid.'),
        ...refused,
        '404': error('No such person.'),
        '409': error('Already so.'),
      },
    },
  },
  '/api/moderation/events/{id}/checked': {
    post: {
      operationId: 'checkedEvent',
      tags,
      summary: 'Mark an event published without review as checked',
      parameters: [id],
      responses: {
        '200': json('Checked.', 'CheckedResult'),
        ...refused,
        '404': error('No such event.'),
        '409': error('It is not waiting to be checked.'),
      },
    },
  },
};
