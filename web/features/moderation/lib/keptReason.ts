import type { ReasonAction } from '../components/ReasonDialog';

/**
 * The reason a moderator typed for a Reject or Remove that the server refused because their session
 * had ended (or their role was taken away) meanwhile. Kept in this tab's memory only (gone on reload,
 * never stored), for the same person, so that once signed in again the dialog of the same action on
 * the same event opens with it instead of empty.
 */
export interface KeptReason {
  userId: string;
  eventId: string;
  title: string;
  action: ReasonAction;
  reason: string;
}

let kept: KeptReason | null = null;

export function keepReason(reason: KeptReason): void {
  kept = reason;
}

export function forgetReason(): void {
  kept = null;
}

/** The kept reason, if any, for anyone (what the signed-out page mentions; never the text itself). */
export function keptReason(): KeptReason | null {
  return kept;
}

/** The reason kept for this person, event and action, handed over once (and then forgotten). */
export function takeKeptReason(userId: string, eventId: string, action: ReasonAction): string | null {
  if (!kept || kept.userId !== userId || kept.eventId !== eventId || kept.action !== action) return null;
  const { reason } = kept;
  kept = null;
  return reason;
}
