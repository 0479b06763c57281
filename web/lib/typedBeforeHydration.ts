/**
 * What someone typed into a server-rendered field before the page's code ran. Hydrating a controlled
 * field sets it to the component's state, so a sign-up typed on a slow phone was emptied as the page
 * came to life. A form reads this in its state's initializer while it hydrates (`useHydrated()` still
 * false), never on a later mount, where an element with that id may be another form's on its way out.
 */
export function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement && field.value !== '' ? field.value : undefined;
}

/**
 * The same for a whole server-rendered form (the one posting to `action`): its fields as its POST would
 * send them, a field sent more than once (a group of checkboxes) joined by commas; null without one.
 * Read while hydrating only, as above.
 */
export function formTypedBeforeHydration(action: string): Record<string, string> | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector(`form[action="${action}"]`);
  if (!(form instanceof HTMLFormElement)) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') continue;
    fields[name] = name in fields ? `${fields[name]},${value}` : value;
  }
  return fields;
}
