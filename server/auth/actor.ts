import type { Role } from '../../common/moderationEnums';

/** Who is making a request: null for a visitor. The role is read from the database on every request. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: number;
  /** When the person proved they read `email`; null if never (docs/EMAIL.md). */
  emailVerifiedAt: number | null;
  /** The account has a password (Google-only accounts do not): changing it and deleting need it. */
  hasPassword: boolean;
}

export const isModerator = (actor: Actor | null): boolean => actor?.role === 'moderator';
