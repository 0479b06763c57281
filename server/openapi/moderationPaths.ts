import type { z } from 'zod';
import {
  acceptChangeInputSchema,
  approveInputSchema,
  auditTrailSchema,
  dismissInputSchema,
  dismissResultSchema,
  moderationActionResultSchema,
  moderationCountsSchema,
  moderationListSchema,
  rejectChangeInputSchema,
  rejectInputSchema,
  removeInputSchema,
  verifyInputSchema,
} from '../../common/schemas/moderation';
import {
  presetReasonInputSchema,
  presetReasonListSchema,
  presetReasonSchema,
} from '../../common/schemas/presetReasons';
import { error, eventIdParameter, type JsonObject, json, jsonBody, schemaOf } from './parts';

/**
 * The moderation endpoints (docs/PRODUCT.md#moderation) in the OpenAPI document. Moderators only: a
 * visitor gets 401 and anyone else 403 before any input is read. Answers are never cached.
 */
const id = eventIdParameter;
const refused = {
  '401': error('Not signed in.'),
  '403': error('Not a moderator.'),
};

/** One action on one event: its summary, what it needs, and what a 409 means for it. */
function action(
  operationId: string,
  summary: string,
  description: string,
  input: z.ZodType | null,
  conflict: string,
  result = 'ModerationActionResult',
): JsonObject {
  return {
    post: {
      operationId,
      tags: ['Moderation'],
      summary,
      description,
      parameters: [id],
      ...(input ? { requestBody: jsonBody(input) } : {}),
      responses: {
        '200': json('Done: the event as it now is.', result),
        '400': error('The input is not valid.'),
        ...refused,
        '404': error('No such event.'),
        '409': error(conflict),
      },
    },
  };
}

export const MODERATION_TAG = {
  name: 'Moderation',
  description:
    'The moderation dashboard. Moderators only; each action and its log entry are one transaction.',
};

export const moderationSchemas: Record<string, JsonObject> = {
  ModerationList: schemaOf(moderationListSchema),
  ModerationCounts: schemaOf(moderationCountsSchema),
  ModerationActionResult: schemaOf(moderationActionResultSchema),
  DismissResult: schemaOf(dismissResultSchema),
  AuditTrail: schemaOf(auditTrailSchema),
  PresetReason: schemaOf(presetReasonSchema),
  PresetReasonList: schemaOf(presetReasonListSchema),
};

const PRESET_ID = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

export const moderationPaths: Record<string, JsonObject> = {
  '/api/moderation/reasons': {
    get: {
      operationId: 'presetReasons',
      tags: ['Moderation'],
      summary: "The moderators' preset reasons",
      description:
        'Rejection (`reject`) and removal (`remove`) reasons kept to choose from, by kind, oldest first.',
      responses: { '200': json('Every preset.', 'PresetReasonList'), ...refused },
    },
    post: {
      operationId: 'addPresetReason',
      tags: ['Moderation'],
      summary: 'Add a preset reason',
      description: 'Shared by every moderator; at most 100 in all.',
      requestBody: jsonBody(presetReasonInputSchema),
      responses: {
        '201': json('The preset.', 'PresetReason'),
        '400': error('The input is not valid.'),
        ...refused,
        '409': error('There are already 100 presets.'),
      },
    },
  },
  '/api/moderation/reasons/{id}': {
    post: {
      operationId: 'editPresetReason',
      tags: ['Moderation'],
      summary: 'Edit a preset reason',
      parameters: [PRESET_ID],
      requestBody: jsonBody(presetReasonInputSchema),
      responses: {
        '200': json('The preset as it now is.', 'PresetReason'),
        '400': error('The input is not valid.'),
        ...refused,
        '404': error('No such preset.'),
      },
    },
  },
  '/api/moderation/reasons/{id}/delete': {
    post: {
      operationId: 'deletePresetReason',
      tags: ['Moderation'],
      summary: 'Delete a preset reason',
      parameters: [PRESET_ID],
      responses: {
        '200': { description: 'Deleted.' },
        ...refused,
        '404': error('No such preset.'),
      },
    },
  },
  '/api/moderation/counts': {
    get: {
      operationId: 'moderationCounts',
      tags: ['Moderation'],
      summary: 'How many events each tab holds, and the health of the queue',
      description:
        'With queue health: since when the longest-waiting item of Pending has waited ' +
        '(`oldestWaitingSince`, null when none waits) and how many waiting events happen within 48 hours ' +
        '(`happeningSoon`: not over, starting before now + 48 h).',
      responses: { '200': json('The counts.', 'ModerationCounts'), ...refused },
    },
  },
  '/api/moderation/events': {
    get: {
      operationId: 'moderationList',
      tags: ['Moderation'],
      summary: "One page of a tab's events",
      description:
        '`pending`: pending events and published ones with a proposed change (`change`), ' +
        'by `sort`: `soonest` (default) the event happening soonest first, `submitted` the newest first; ' +
        '`reported`: published events with open reports; `approved`: every published event by date, ' +
        'with `search` as on the home page.',
      parameters: [
        {
          name: 'tab',
          in: 'query',
          required: true,
          schema: { type: 'string', enum: ['pending', 'reported', 'approved'] },
        },
        { name: 'search', in: 'query', schema: { type: 'string' } },
        { name: 'sort', in: 'query', schema: { type: 'string', enum: ['soonest', 'submitted'] } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1 } },
      ],
      responses: {
        '200': json('One page.', 'ModerationList'),
        '400': error('A value is not valid.'),
        ...refused,
      },
    },
  },
  '/api/moderation/events/{id}/approve': action(
    'approveEvent',
    'Approve a pending event, verified or not',
    'Its submitter is emailed.',
    approveInputSchema,
    'It is no longer pending (another moderator acted first).',
  ),
  '/api/moderation/events/{id}/reject': action(
    'rejectEvent',
    'Reject a pending event with a reason',
    'The reason goes to the transparency log and to its submitter.',
    rejectInputSchema,
    'It is no longer pending.',
  ),
  '/api/moderation/events/{id}/remove': action(
    'removeEvent',
    'Remove a published event (or, with pastEvent, one that is over)',
    'Closes its open reports; the reason goes to the transparency log and to its submitter.',
    removeInputSchema,
    'It is not published, or (pastEvent) not over yet.',
  ),
  '/api/moderation/events/{id}/dismiss-reports': action(
    'dismissReports',
    "Close a published event's open reports",
    'No log entry: nothing happened to the event. `reportIds` names the reports the moderator read; ' +
      'if another is open, nothing is closed.',
    dismissInputSchema,
    'It has no open reports, is not published, or (reportIds) a report came in that is not among them.',
    'DismissResult',
  ),
  '/api/moderation/events/{id}/verify': action(
    'verifyEvent',
    'Verify a published event, or remove its verification',
    'A public log entry (`verified` or `unverified`) records it, without naming the moderator.',
    verifyInputSchema,
    'It is not published, already so, or changed since `version`.',
  ),
  '/api/moderation/events/{id}/accept-change': action(
    'acceptChange',
    'Publish the change its submitter proposed',
    '`version` is the event version the moderator compared; calendars get a raised SEQUENCE.',
    acceptChangeInputSchema,
    'No change waits, or the event changed since `version` (a newer proposal).',
  ),
  '/api/moderation/events/{id}/reject-change': action(
    'rejectChange',
    'Reject the change its submitter proposed, with a reason',
    'The published event stays; its submitter reads the reason.',
    rejectChangeInputSchema,
    'No change waits, or the event changed since `version`.',
  ),
  '/api/moderation/events/{id}/audit': {
    get: {
      operationId: 'auditTrail',
      tags: ['Moderation'],
      summary: "An event's audit trail",
      description: 'Every moderation action on the event, oldest first: what, who and when.',
      parameters: [id],
      responses: { '200': json('The trail.', 'AuditTrail'), ...refused, '404': error('No such event.') },
    },
  },
};
