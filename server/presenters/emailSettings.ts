import type { EmailSettings, NotificationKind } from '../../common/schemas/account';
import type { Actor } from '../auth/actor';

/** The account page's email section, for the person themselves only. */
export function presentEmailSettings(
  actor: Actor,
  mailEnabled: boolean,
  notifications: { kind: NotificationKind; enabled: boolean }[],
): EmailSettings {
  return {
    mailEnabled,
    email: actor.email,
    emailVerified: actor.emailVerifiedAt !== null,
    notifications,
  };
}
