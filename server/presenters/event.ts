import type { EventDto, MonthEventDto, ReviewDto } from '../../common/schemas/events';
import { type Actor, isModerator } from '../auth/actor';
import type { Env } from '../env';
import { eventPermissions } from '../policies/permissions';
import { eventImageOf } from '../store/images';
import type { MonthRow } from '../store/month';
import type { ReviewNotes } from '../store/ownership';
import type { EventRow } from '../store/schema';
import { placeRuleOf, presentPlace } from './place';
import { presentEventSeries } from './series';

/**
 * The only place an event row becomes JSON. The submitter's id is for moderators only; the venue,
 * address and link to join only for those the event's rule lets see them (presentPlace); `can` says
 * what this viewer may do with it (server/policies/permissions.ts).
 */
export function presentEvent(
  row: EventRow,
  actor: Actor | null,
  env: Pick<Env, 'REQUIRE_VERIFIED_EMAIL'>,
  now: number = Date.now(),
  notes?: ReviewNotes,
): EventDto {
  const { withheld, ...exact } = presentPlace(row, actor, now);
  const dto: EventDto = {
    id: row.id,
    title: row.title,
    description: row.description,
    date: new Date(row.starts_at).toISOString(),
    timezone: row.timezone,
    location: { city: row.city, country: row.country },
    attendance: row.attendance,
    ...exact,
    placeRule: placeRuleOf(row),
    placeWithheld: withheld,
    schedule: row.schedule,
    type: row.type,
    sourceLink: row.source_link,
    status: row.status,
    verified: Boolean(row.verified),
    createdAt: new Date(row.created_at).toISOString(),
    submittedByViewer: actor !== null && actor.id === row.created_by,
    can: eventPermissions(actor, row, env),
    version: row.version,
  };
  if (row.ends_at !== null) dto.endDate = new Date(row.ends_at).toISOString();
  if (row.accessibility) dto.accessibility = row.accessibility;
  if (row.schedule_note && row.schedule !== 'scheduled') dto.scheduleNote = row.schedule_note;
  if (row.organizer) dto.organizer = row.organizer;
  const image = eventImageOf(row);
  if (image) dto.image = image;
  if (isModerator(actor)) dto.createdBy = row.created_by;
  if (notes && (isModerator(actor) || dto.submittedByViewer)) dto.review = presentReview(notes);
  const series = presentEventSeries(row);
  if (series) dto.series = series;
  return dto;
}

/** Review notes as the submitter reads them: a change's reason only once it was rejected. */
function presentReview({ reason, change }: ReviewNotes): ReviewDto {
  const review: ReviewDto = {};
  if (reason) review.reason = reason;
  if (change && (change.status === 'pending' || change.status === 'rejected')) {
    review.change = { status: change.status, createdAt: new Date(Number(change.created_at)).toISOString() };
    if (change.status === 'rejected' && change.reason) review.change.reason = change.reason;
  }
  return review;
}

/**
 * An event in a day of the month view: what every visitor may see of an approved event, nothing that
 * depends on who asks (docs/PRODUCT.md#home).
 */
export function presentMonthEvent(row: MonthRow): MonthEventDto {
  const dto: MonthEventDto = {
    id: row.id,
    title: row.title,
    date: new Date(row.starts_at).toISOString(),
    timezone: row.timezone,
    type: row.type,
    schedule: row.schedule,
    verified: Boolean(row.verified),
  };
  if (row.ends_at !== null) dto.endDate = new Date(row.ends_at).toISOString();
  return dto;
}
