/** Shared by the real menu trigger and its stand-in while the menu's code loads, so nothing moves. */
export const accountTriggerClass =
  'rounded-md px-3 py-2 text-sm font-medium transition-colors inline-flex items-center gap-1 border border-stone-300 text-stone-800 hover:bg-stone-100 dark:border-stone-600 dark:text-stone-100 dark:hover:bg-stone-800';
