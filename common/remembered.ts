/**
 * Results already computed, by key, for functions whose answer depends on their arguments only and whose
 * arguments repeat (formatters per locale, a page's dates and messages). Emptied when it holds `max`, so
 * it never grows with the input; nothing in it goes stale.
 */
export function remembered<V>(max: number): (key: string, compute: () => V) => V {
  const known = new Map<string, V>();
  return (key, compute) => {
    const found = known.get(key);
    if (found !== undefined) return found;
    const value = compute();
    if (known.size >= max) known.clear();
    known.set(key, value);
    return value;
  };
}
