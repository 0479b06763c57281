import type { CardAction, ModerationActionName } from '../components/ModerationCard';

/**
 * The dashboard's keys (docs/PRODUCT.md#moderation-dashboard). Each action's key is shown on its button
 * (`aria-keyshortcuts`), and the `?` dialog lists them all; one key per action whatever the tab: A
 * approves (or accepts a change), R rejects (or rejects a change), X removes.
 */
export const ACTION_KEYS: Partial<Record<ModerationActionName, string>> = {
  approve: 'a',
  acceptChange: 'a',
  approveVerify: 'v',
  reject: 'r',
  rejectChange: 'r',
  remove: 'x',
  removeListed: 'x',
  removePast: 'x',
  dismiss: 'd',
};

export const NEXT_KEY = 'j';
export const PREVIOUS_KEY = 'k';
export const HELP_KEY = '?';

/** The action among those the selected event offers that `key` runs, if any. */
export function actionForKey(offered: readonly CardAction[], key: string): ModerationActionName | null {
  const lower = key.toLowerCase();
  for (const action of offered) {
    if (action !== 'edit' && ACTION_KEYS[action] === lower) return action;
  }
  return null;
}

/** Where a key press is text being typed, not a command: fields, lists to choose from, editable text. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/**
 * Whether the dashboard's keys stay quiet for this press: with Ctrl, Alt or Meta held (the browser's and
 * the system's own shortcuts), while typing in a field, or while a dialog is open.
 */
export function shortcutsOff(event: KeyboardEvent, doc: Document = document): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing)
    return true;
  if (isTypingIn(event.target)) return true;
  return doc.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}
