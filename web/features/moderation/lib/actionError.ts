import { ApiRequestError } from '../../../lib/api';

/** Why a moderation action failed, as the dashboard shows it. */
export interface ActionError {
  message: string;
  /**
   * The action can no longer be taken, so trying again is pointless: someone else already acted on
   * the event (409: approved, rejected, removed, reports dismissed) or it is gone (404). The lists
   * have been refreshed by then (the action hooks refetch on settling).
   */
  final: boolean;
}

export function actionErrorOf(error: unknown, fallback: string): ActionError {
  if (!(error instanceof ApiRequestError)) return { message: fallback, final: false };
  return { message: error.message, final: error.status === 404 || error.status === 409 };
}

/**
 * The server no longer lets this person moderate: their session ended or was signed out elsewhere
 * (401), or they are no longer a moderator (403). Not a failure to retry: the session is asked again
 * and the page shows what they may now see.
 */
export function isAccessLost(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
}
