import { z } from 'zod';
import { EVENT_FORM_FIELDS } from '../eventForm';
import { eventImageSchema, eventSchema, eventStatusSchema } from './events';
import { versionField } from './fields';
import { pagedFields, pageQueryFields } from './paging';

/**
 * Organisers' own events (docs/PRODUCT.md#my-events): My events, editing, resubmitting, withdrawing.
 * Every write carries the event's `version` as the person saw it; a stale one is answered 409.
 */
export const versionInputSchema = z.object({ version: versionField });
export type VersionInput = z.infer<typeof versionInputSchema>;

/** The event form's fields as text, as the form shows them. */
export const eventFormValuesSchema = z.object(
  Object.fromEntries(EVENT_FORM_FIELDS.map((field) => [field, z.string()])) as Record<
    (typeof EVENT_FORM_FIELDS)[number],
    z.ZodString
  >,
);

/** A change its submitter proposed to a published event. */
export const proposedChangeSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'rejected']),
  /** The form as proposed. */
  values: eventFormValuesSchema,
  /** Its flyer as proposed (none: the change removes it). */
  image: eventImageSchema.optional(),
  reason: z.string().optional(),
  createdAt: z.string(),
});

/**
 * What editing an event starts from: the form as the event is now, the version to send back, and the
 * change that waits for review (or was rejected), which the submitter's next edit starts from. A date of
 * a series: `change` is one proposed to that date alone, `seriesChange` the latest one proposed to every
 * date ("Edit every date" starts from it; while it waits, the date is not changed alone,
 * docs/PRODUCT.md#recurring-events).
 */
export const eventEditStateSchema = z.object({
  id: z.string(),
  status: eventStatusSchema,
  version: z.number().int(),
  values: eventFormValuesSchema,
  /** Whether it goes ahead, is cancelled or is postponed (a postponed one goes ahead on a new start). */
  schedule: z.enum(['scheduled', 'cancelled', 'postponed']).optional(),
  /** Its flyer, outside the form's text fields (docs/PRODUCT.md#flyers). */
  image: eventImageSchema.optional(),
  change: proposedChangeSchema.optional(),
  /** The series the event is a date of. */
  seriesId: z.string().optional(),
  seriesChange: proposedChangeSchema.optional(),
});
export type EventEditState = z.infer<typeof eventEditStateSchema>;

export const EDIT_OUTCOMES = ['updated', 'resubmitted', 'proposed'] as const;
export type EditOutcomeName = (typeof EDIT_OUTCOMES)[number];
/** The event after an edit, and what the edit did: changed it, sent it for review again, or proposed a change. */
export const editResultSchema = z.object({ event: eventSchema, outcome: z.enum(EDIT_OUTCOMES) });
export type EditResult = z.infer<typeof editResultSchema>;

export const myEventsQuerySchema = z.object(pageQueryFields(20));
export const myEventListSchema = z.object({ events: z.array(eventSchema), ...pagedFields });
export type MyEventList = z.infer<typeof myEventListSchema>;
