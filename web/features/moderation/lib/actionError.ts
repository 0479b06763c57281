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
