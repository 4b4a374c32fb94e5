/**
 * What the browser scripts of a page share on `window` (docs/decisions/0027 and 0042), declared
 * once. Set and read by:
 * - the early-click script (app/boot/inline/early-clicks.ts), first in every page's head: it sets
 *   `__saEarly`, `__heldEarlyClick`, `__replayEarlyClicks` and `__releaseEarlyClicks`;
 * - the islands entry (app/boot/entry.ts): sets `__wakeIsland`; asks `__heldEarlyClick`, calls
 *   `__replayEarlyClicks` per island and `__releaseEarlyClicks` once every island is live;
 * - the React app (app/root.tsx): calls `__releaseEarlyClicks` once hydrated;
 * - waking an island from a store (app/islands/wake.ts): calls `__wakeIsland`;
 * - the analytics beacon (app/beacon/beacon.ts): sets `__saBeacon`, sends and empties `__saEarly`.
 */
declare global {
  interface Window {
    /** Replays every held click (and, in the React app, stops holding); undefined once called. */
    __releaseEarlyClicks?: () => void;
    /** Replays the clicks and keys held inside `root` (an island now live). */
    __replayEarlyClicks?: (root: Element) => void;
    /** Whether a click or key inside `root` is held (its island then starts at once). */
    __heldEarlyClick?: (root: Element) => boolean;
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
