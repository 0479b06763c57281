import { eventInputSchema } from '../../common/schemas/events';
import {
  editResultSchema,
  eventEditStateSchema,
  myEventListSchema,
  versionInputSchema,
} from '../../common/schemas/ownership';
import { error, eventIdParameter, type JsonObject, json, schemaOf } from './parts';

/**
 * Organisers' own events (docs/PRODUCT.md#my-events) in the OpenAPI document: My events, editing,
 * resubmitting and withdrawing. Every write sends the event's `version` as the caller last read it.
 */
const id = eventIdParameter;
const notTheirs = error(
  'No such event, or the caller is neither its submitter nor a moderator (the answer a hidden event gets).',
);
const stale = (more: string) =>
  error(`The event changed since the caller read it (\`stale_version\`: read it again), ${more}`);

/** The form and the version it is based on, in one JSON body. */
const editBody = (() => {
  const form = schemaOf(eventInputSchema, 'input');
  const properties = { ...(form.properties as JsonObject), version: { type: 'integer', minimum: 1 } };
  const required = [...((form.required as string[] | undefined) ?? []), 'version'];
  return { ...form, properties, required };
})();

export const OWNERSHIP_TAG = {
  name: 'My events',
  description:
    "The caller's own events: list, edit, resubmit, propose changes, withdraw. Needs the session cookie.",
};

export const ownershipSchemas: Record<string, JsonObject> = {
  MyEventList: schemaOf(myEventListSchema),
  EventEditState: schemaOf(eventEditStateSchema),
  EditResult: schemaOf(editResultSchema),
};

export const ownershipPaths: Record<string, JsonObject> = {
  '/api/my/events': {
    get: {
      operationId: 'listMyEvents',
      tags: ['My events'],
      summary: 'The events the caller submitted',
      description:
        'Every status, newest submission first, each with `review`: the reason given when it was rejected ' +
        'or removed, and a proposed change that waits or was rejected.',
      parameters: [
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1 } },
      ],
      responses: {
        '200': json('One page of events.', 'MyEventList'),
        '400': error('A paging value is not valid.'),
        '401': error('Not signed in.'),
      },
    },
  },
  '/api/events/{id}/edit': {
    get: {
      operationId: 'getEventForEditing',
      tags: ['My events'],
      summary: 'The submit form as the event has it, and its version',
      description:
        'For its submitter and moderators. `change` is the change waiting for review (or last rejected), ' +
        "from which the submitter's next edit starts.",
      parameters: [id],
      responses: {
        '200': json('The form values and the version to send back.', 'EventEditState'),
        '401': error('Not signed in.'),
        '404': notTheirs,
      },
    },
    post: {
      operationId: 'editEvent',
      tags: ['My events'],
      summary: 'Edit, resubmit, or propose a change',
      description:
        'The submit form with `version`. A pending event is edited in place (`updated`); a rejected one goes ' +
        'back for review (`resubmitted`); a published one gets a proposed change for the moderators ' +
        "(`proposed`), the published version staying live. A moderator's edit applies at once. 30 an hour.",
      parameters: [id],
      requestBody: { required: true, content: { 'application/json': { schema: editBody } } },
      responses: {
        '200': json('The event as it now is, and what the edit did.', 'EditResult'),
        '400': error('A field is not valid (`fields` names it), or `version` is missing.'),
        '401': error('Not signed in.'),
        '403': error('The caller must confirm their email address first (`email_unverified`).'),
        '404': notTheirs,
        '409': stale('or it was removed or withdrawn (`not_editable`).'),
        '429': error('Too many edits this hour.'),
      },
    },
  },
  '/api/events/{id}/withdraw': {
    post: {
      operationId: 'withdrawEvent',
      tags: ['My events'],
      summary: 'Withdraw an event waiting for review',
      description: 'The event leaves the review queue for good (status `withdrawn`).',
      parameters: [id],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schemaOf(versionInputSchema) } },
      },
      responses: {
        '200': json('The withdrawn event.', 'Event'),
        '400': error('`version` is missing or not valid.'),
        '401': error('Not signed in.'),
        '404': notTheirs,
        '409': stale('or it is no longer waiting for review (`not_pending`).'),
        '429': error('Too many edits this hour.'),
      },
    },
  },
};
