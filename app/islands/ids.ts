import { createContext, useContext, useId, useState } from "react";

/**
 * Ids inside an island that are the same on the server (React) and in the browser (Preact), so the
 * islands script can hydrate an island (keep the server's attributes, attach the handlers) instead
 * of rendering over it: React's and Preact's own `useId()` number differently. The server's
 * `Island` starts a scope with a prefix unique on the page and writes it on the island
 * (`data-ids`); the islands script starts the same scope from it. Within a scope, ids are handed
 * out in render order, which is the same on both sides. Outside an island (the back-office's React
 * app) it is React's `useId()`.
 */
export type IdScope = { prefix: string; take: () => string };

/** A scope handing out `<prefix>0`, `<prefix>1`… */
export function idScope(prefix: string): IdScope {
  let next = 0;
  return { prefix, take: () => `${prefix}${next++}` };
}

export const IslandIds = createContext<IdScope | null>(null);

export function useStableId(): string {
  const scope = useContext(IslandIds);
  const own = useId();
  const [id] = useState(() => (scope ? scope.take() : own));
  return id;
}

/** The scope of an island nested in another: drawn from the outer one, so the same on both sides. */
export function useNestedScope(fresh: () => string): IdScope {
  const outer = useContext(IslandIds);
  const [scope] = useState(() => idScope(outer ? `${outer.take()}-` : fresh()));
  return scope;
}
