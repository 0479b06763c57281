import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import type { ModerationItem } from '../../../common/schemas/moderation';
import {
  type BulkResult,
  bulkInputSchema,
  type ClaimResult,
  type Note,
  type NoteList,
  noteInputSchema,
  type Person,
  trustInputSchema,
} from '../../../common/schemas/queue';
import { approveEvent } from '../../commands/approveEvent';
import { markChecked } from '../../commands/markChecked';
import { rejectEvent } from '../../commands/rejectEvent';
import { trustPerson } from '../../commands/trustPerson';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../errors';
import { Outbox } from '../../mail/outbox';
import { translate } from '../../messages';
import { authorizeModeration } from '../../policies/moderation';
import { presentClaim, presentNote, presentPerson, presentSimilarEvent } from '../../presenters/queue';
import { listPersonAuditTrail } from '../../store/audit';
import { claimEvent, liveClaims, releaseClaim } from '../../store/claims';
import { findDuplicates } from '../../store/duplicates';
import { getEventById } from '../../store/events';
import { deleteOwnNote, eventsWithNotes, getNote, insertNote, listNotes } from '../../store/notes';
import type { Database, EventRow } from '../../store/schema';
import { isTrusted, trustedAmong, unreviewedAmong } from '../../store/trust';
import { parseInput } from '../../validate';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const EVENT_NOT_FOUND = msg('moderation.eventNotFound');
const PERSON_NOT_FOUND = msg('moderation.personNotFound');
const NOTE_NOT_FOUND = msg('moderation.noteNotFound');
const NOTE_NOT_YOURS = msg('moderation.noteNotYours');

/**
 * What a queue card shows moderators beside the event (docs/PRODUCT.md#moderation): its submitter and
 * whether they are trusted, possible duplicates (Pending), who is looking at it, whether it was
 * published without review, and how many notes it has. A few indexed reads per page.
 */
export async function withQueueDetails(
  db: Kysely<Database>,
  items: ModerationItem[],
  rows: EventRow[],
  viewerId: string,
  now: number,
): Promise<ModerationItem[]> {
  const ids = rows.map((r) => r.id);
  const submitterIds = [...new Set(rows.map((r) => r.created_by))];
  const [claims, unreviewed, notes, trusted, people] = await Promise.all([
    liveClaims(db, ids, now),
    unreviewedAmong(db, ids),
    eventsWithNotes(db, ids),
    trustedAmong(db, submitterIds),
    submitterIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('users').select(['id', 'name']).where('id', 'in', submitterIds).execute(),
  ]);
  const names = new Map(people.map((p) => [p.id, p.name]));
  const duplicates = await Promise.all(
    rows.map((row, i) =>
      items[i]?.category === 'pending' && !items[i]?.change
        ? findDuplicates(db, { id: row.id, title: row.title, startsAt: row.starts_at, city: row.city }, [
            'pending',
            'approved',
          ])
        : Promise.resolve([]),
    ),
  );
  return items.map((item, i) => {
    const row = rows[i] as EventRow;
    const claim = claims.get(row.id);
    const more: Partial<ModerationItem> = {
      submitter: {
        id: row.created_by,
        name: names.get(row.created_by) ?? '',
        trusted: trusted.has(row.created_by),
      },
    };
    const found = duplicates[i] ?? [];
    if (found.length > 0) more.duplicates = found.map((m) => presentSimilarEvent(m.event));
    if (claim) more.claim = presentClaim(claim, viewerId);
    if (unreviewed.has(row.id)) more.unreviewed = true;
    const noteCount = notes.get(row.id);
    if (noteCount) more.notes = noteCount;
    return { ...item, ...more };
  });
}

/**
 * Moderators' time (docs/PRODUCT.md#moderation): bulk decisions, claims, private notes, trusted
 * organisers and "Published without review". Moderators only, the role checked first as on every
 * moderation route; a visitor gets 401, anyone else 403, before any input is read.
 */
export function registerQueueToolRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const db = store.db;
  const outbox = new Outbox(env);

  const eventOf = async (request: IdRequest): Promise<EventRow> => {
    const { id } = request.params;
    const event = isId(id) ? await getEventById(db, id) : undefined;
    if (!event) throw notFound(EVENT_NOT_FOUND);
    return event;
  };

  /** A person moderators may act on: an account that exists and is not deleted. */
  const personOf = async (request: IdRequest) => {
    const { id } = request.params;
    const person = isId(id)
      ? await db
          .selectFrom('users')
          .select(['id', 'name'])
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!person) throw notFound(PERSON_NOT_FOUND);
    return person;
  };

  // --- Bulk: each event in its own transaction with its log and audit rows, as one action would be.
  app.post('/api/moderation/bulk', async (request): Promise<BulkResult> => {
    const actor = authorizeModeration(request.actor, 'reject');
    const input = parseInput(bulkInputSchema, request.body);
    const ctx = { db, moderatorId: actor.id, outbox };
    const results: BulkResult['results'] = [];
    for (const id of [...new Set(input.ids)]) {
      if (!isId(id)) {
        results.push({ id, outcome: 'not_found', message: translate(EVENT_NOT_FOUND, request.language) });
        continue;
      }
      try {
        if (input.action === 'approve') await approveEvent(ctx, { eventId: id, verified: false });
        else await rejectEvent(ctx, { eventId: id, reason: input.reason ?? '' });
        results.push({ id, outcome: 'done' });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const outcome =
          error.statusCode === 404
            ? 'not_found'
            : error.code === 'status_changed'
              ? 'already_decided'
              : 'not_allowed';
        results.push({ id, outcome, message: translate(error.message, request.language) });
      }
    }
    return { results };
  });

  // --- Claims: "I'm looking at this", for CLAIM_MS (store/claims.ts). Not an action on the event: no audit.
  app.post('/api/moderation/events/:id/claim', async (request: IdRequest): Promise<ClaimResult> => {
    const actor = authorizeModeration(request.actor, 'list');
    const event = await eventOf(request);
    const claim = await claimEvent(db, { eventId: event.id, moderatorId: actor.id, now: Date.now() });
    return { claim: claim ? presentClaim(claim, actor.id) : null };
  });

  app.post(
    '/api/moderation/events/:id/release',
    async (request: IdRequest): Promise<{ released: boolean }> => {
      const actor = authorizeModeration(request.actor, 'list');
      const event = await eventOf(request);
      return { released: await releaseClaim(db, { eventId: event.id, moderatorId: actor.id }) };
    },
  );

  // --- Notes on an event
  app.get('/api/moderation/events/:id/notes', async (request: IdRequest): Promise<NoteList> => {
    const actor = authorizeModeration(request.actor, 'list');
    const event = await eventOf(request);
    return { items: (await listNotes(db, { eventId: event.id })).map((n) => presentNote(n, actor.id)) };
  });

  app.post('/api/moderation/events/:id/notes', async (request: IdRequest, reply): Promise<Note> => {
    const actor = authorizeModeration(request.actor, 'note');
    const { text } = parseInput(noteInputSchema, request.body);
    const event = await eventOf(request);
    const now = Date.now();
    const id = await insertNote(db, { subject: { eventId: event.id }, authorId: actor.id, text, now });
    reply.code(201);
    return presentNote({ id, text, created_at: now, author_id: actor.id, author_name: actor.name }, actor.id);
  });

  app.post('/api/moderation/notes/:id/delete', async (request: IdRequest): Promise<{ deleted: true }> => {
    const actor = authorizeModeration(request.actor, 'note');
    const { id } = request.params;
    const note = isId(id) ? await getNote(db, id) : undefined;
    if (!note) throw notFound(NOTE_NOT_FOUND);
    if (note.author_id !== actor.id) throw forbidden(NOTE_NOT_YOURS);
    if (!(await deleteOwnNote(db, id, actor.id))) throw notFound(NOTE_NOT_FOUND);
    return { deleted: true };
  });

  // --- People: the person panel, their notes, and trust
  app.get('/api/moderation/people/:id', async (request: IdRequest): Promise<Person> => {
    const actor = authorizeModeration(request.actor, 'list');
    const person = await personOf(request);
    const [trusted, notes, history] = await Promise.all([
      isTrusted(db, person.id),
      listNotes(db, { userId: person.id }),
      listPersonAuditTrail(db, person.id),
    ]);
    return presentPerson(person, trusted, notes, history, actor.id);
  });

  app.post('/api/moderation/people/:id/notes', async (request: IdRequest, reply): Promise<Note> => {
    const actor = authorizeModeration(request.actor, 'note');
    const { text } = parseInput(noteInputSchema, request.body);
    const person = await personOf(request);
    const now = Date.now();
    const id = await insertNote(db, { subject: { userId: person.id }, authorId: actor.id, text, now });
    reply.code(201);
    return presentNote({ id, text, created_at: now, author_id: actor.id, author_name: actor.name }, actor.id);
  });

  /** Trust or untrust a person, audited (commands/trustPerson.ts); 409 when it already was so. */
  app.post('/api/moderation/people/:id/trust', async (request: IdRequest): Promise<Person> => {
    const actor = authorizeModeration(request.actor, 'trust');
    const { trusted } = parseInput(trustInputSchema, request.body);
    const person = await personOf(request);
    await trustPerson({ db, moderatorId: actor.id }, { userId: person.id, trusted });
    const [notes, history] = await Promise.all([
      listNotes(db, { userId: person.id }),
      listPersonAuditTrail(db, person.id),
    ]);
    return presentPerson(person, trusted, notes, history, actor.id);
  });

  /** "Published without review" checked, audited (commands/markChecked.ts); 409 when it was not marked. */
  app.post('/api/moderation/events/:id/checked', async (request: IdRequest): Promise<{ checked: true }> => {
    const actor = authorizeModeration(request.actor, 'approve');
    const event = await eventOf(request);
    await markChecked({ db, moderatorId: actor.id }, { eventId: event.id });
    return { checked: true };
  });
}
