import type { Claim, Note, Person, SimilarEvent } from '../../common/schemas/queue';
import type { AuditRow } from '../store/audit';
import type { ClaimRow } from '../store/claims';
import type { NoteRow } from '../store/notes';
import type { EventRow } from '../store/schema';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** An event that may be a duplicate: its name, date and place, and its status (for the link). */
export function presentSimilarEvent(row: EventRow): SimilarEvent {
  return {
    id: row.id,
    title: row.title,
    date: iso(row.starts_at),
    timezone: row.timezone,
    city: row.city,
    status: row.status,
  };
}

/** A claim, for moderators: who looks at the event, until when, and whether it is the asker. */
export function presentClaim(row: ClaimRow, viewerId: string): Claim {
  return {
    moderator: { id: row.moderator_id, name: row.moderator_name },
    expiresAt: iso(row.expires_at),
    mine: row.moderator_id === viewerId,
  };
}

/** A private note, for moderators. */
export function presentNote(row: NoteRow, viewerId: string): Note {
  return {
    id: row.id,
    text: row.text,
    createdAt: iso(row.created_at),
    author: { id: row.author_id, name: row.author_name },
    mine: row.author_id === viewerId,
  };
}

export function presentPerson(
  user: { id: string; name: string },
  trusted: boolean,
  notes: NoteRow[],
  history: AuditRow[],
  viewerId: string,
): Person {
  return {
    id: user.id,
    name: user.name,
    trusted,
    notes: notes.map((n) => presentNote(n, viewerId)),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      moderator: { id: h.moderator_id, name: h.moderator_name },
      createdAt: iso(h.created_at),
    })),
  };
}
