/**
 * What the browser scripts of a page share on `window` (docs/decisions/0027 and 0042), declared
 * once. Set and read by:
 * - the early-click script (app/boot/inline/early-clicks.ts), first in every page's head: it sets
 *   `__saEarly`, `__earlyHeld` and `__releaseEarlyClicks`;
 * - the islands entry (app/boot/entry.ts): sets `__wakeIsland`; reads and replays `__earlyHeld`
 *   per island, and calls `__releaseEarlyClicks` once every island is live (both through
 *   app/lib/browser/early-clicks-replay.ts);
 * - the React app (app/root.tsx): calls `__releaseEarlyClicks` once hydrated and replays (the same module);
 * - waking an island from a store (app/islands/wake.ts): calls `__wakeIsland`;
 * - the analytics beacon (app/beacon/beacon.ts): sets `__saBeacon`, sends and empties `__saEarly`.
 */
declare global {
  interface Window {
    /** Marks the held clicks released (in the React app, stops holding); undefined once called. Its caller replays them. */
    __releaseEarlyClicks?: () => void;
    /** The clicks (on a button, or inside `[data-hold-clicks]`) and keys held until their code is live, in order. */
    __earlyHeld?: { target: Element; key?: string }[];
    /** Starts the island that owns `el` now (set by the islands entry). */
    __wakeIsland?: (el: Element) => void;
    /** The analytics events before the beacon ran: `["cta", label]` or `[type]` of an `sa:event`. */
    __saEarly?: [type: string, label?: string][];
    /** Set once the analytics beacon runs (it then counts clicks itself). */
    __saBeacon?: boolean;
  }

  interface WindowEventMap {
    /** An analytics event from the page's code (app/lib/browser/analytics.ts): `detail.type` is its name. */
    "sa:event": CustomEvent<{ type?: unknown } | null>;
  }
}

export {};
