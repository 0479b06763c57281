import type { AppPermissions, EventPermissions, Permission } from '../../common/schemas/permissions';
import { type Actor, isModerator } from '../auth/actor';
import type { Env } from '../env';
import type { EventRow } from '../store/schema';
import { mustConfirmEmail } from './email';
import { isOwnerOrModerator } from './events';
import { canModerate } from './moderation';
import { canReportEvent } from './reports';

/**
 * `can` for the web app (common/schemas/permissions.ts), from the same policies the routes enforce:
 * what a button would do is what the server answers when it is pressed.
 */
type EmailRule = Pick<Env, 'REQUIRE_VERIFIED_EMAIL'>;

/** Allowed for a signed-in person, once their address is confirmed where that is required. */
function signedInWrite(actor: Actor | null, env: EmailRule): Permission {
  if (!actor) return 'sign_in';
  return mustConfirmEmail(actor, env) ? 'confirm_email' : true;
}

export function eventPermissions(
  actor: Actor | null,
  event: Pick<EventRow, 'status' | 'created_by'>,
  env: EmailRule,
): EventPermissions {
  // Only a published event can be reported; a visitor could, once signed in.
  const reportable = actor ? canReportEvent(actor, event) : event.status === 'approved';
  const own = isOwnerOrModerator(actor, event);
  return {
    report: reportable ? signedInWrite(actor, env) : false,
    moderate: isModerator(actor) && canModerate(actor, 'approve'),
    edit: own && event.status !== 'removed' && event.status !== 'withdrawn',
    withdraw: own && event.status === 'pending',
    schedule: own && event.status === 'approved',
  };
}

export function appPermissions(actor: Actor | null, env: EmailRule): AppPermissions {
  return { submit: signedInWrite(actor, env), moderate: canModerate(actor, 'list') };
}
