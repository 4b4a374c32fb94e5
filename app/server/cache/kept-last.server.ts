/**
 * The last `limit` values made, kept by their key: `get(key, make)` answers a kept value (and keeps
 * it as the newest) or makes it, letting the least recently used go past `limit`. For work that
 * depends on its key alone (an excerpt's HTML on its markdown, a stylesheet's cut on its class
 * words), so a value let go is made again the same.
 */
export function keptLast<V>(limit: number) {
  const kept = new Map<string, V>();
  return {
    get(key: string, make: () => V): V {
      let value = kept.get(key);
      if (value === undefined) {
        value = make();
        if (kept.size >= limit) kept.delete(kept.keys().next().value!);
      } else kept.delete(key);
      kept.set(key, value);
      return value;
    },
    /** How many values are kept. */
    size: () => kept.size,
  };
}
