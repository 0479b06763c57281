/**
 * How long the dashboard's message of a success stays on screen (ModerationPage's ActionFeedback): on a
 * phone it covers the bottom of the next event. A warning or an error stays until it is dismissed.
 */
export const SUCCESS_SHOWN_MS = 8000;
