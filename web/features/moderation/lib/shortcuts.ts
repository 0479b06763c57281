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

/**
 * The letter a key press stands for among the dashboard's keys: the letter typed on a Latin layout
 * (AZERTY's A is A), else the letter of the key's place on a US keyboard, so that a moderator typing
 * in Arabic, Urdu or another script has the same keys without switching layouts.
 */
export function shortcutLetter({ key, code }: Pick<KeyboardEvent, 'key' | 'code'>): string {
  if (/^[a-z]$/i.test(key)) return key.toLowerCase();
  const place = /^Key([A-Z])$/.exec(code)?.[1];
  return place ? place.toLowerCase() : key.toLowerCase();
}

/** Whether a press asks for the list of keys: `?`, or the Arabic question mark on Arabic layouts. */
export const isHelpKey = (key: string) => key === HELP_KEY || key === '؟';

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
