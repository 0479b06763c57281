import { ApiRequestError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/errorTexts';
import type { Translate } from '../../../lib/messages';

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

/** Why `error` stopped the action, in the page's language (`t`: web/lib/messages.ts). */
export function actionErrorOf(error: unknown, fallback: string, t: Translate): ActionError {
  if (!(error instanceof ApiRequestError)) return { message: fallback, final: false };
  return { message: apiErrorText(error, t), final: error.status === 404 || error.status === 409 };
}
