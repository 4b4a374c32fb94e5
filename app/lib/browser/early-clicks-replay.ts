/**
 * The replay of the clicks and keys the early-click script (app/boot/inline/early-clicks.ts) held
 * in `window.__earlyHeld` before the code behind them was live. Used by the islands script
 * (app/boot/entry.ts: per island once it is live, the rest once every island that starts by
 * itself is) and by the React app (app/root.tsx, once hydrated). It is here, not in the inline
 * script, because the inline script's bytes are in every page's first round trip (decision 0077).
 */

/** Whether a click or key inside `root` is held (its island then starts at once). */
export function heldInside(root: Element): boolean {
  return (window.__earlyHeld ?? []).some((action) => root.contains(action.target));
}

/** Replays the held clicks and keys inside `root` (every one without it), in the order they came. */
export function replayEarlyClicks(root?: Element) {
  const held = window.__earlyHeld;
  if (!held) return;
  const now = held.filter((action) => !root || root.contains(action.target));
  held.splice(0, held.length, ...held.filter((action) => !now.includes(action)));
  run(now);
}

/**
 * Once: stops the holding (the back-office's; public pages hold for islands that start later) and
 * replays every held click. `window.__releaseEarlyClicks` is undefined from then on.
 */
export function releaseEarlyClicks() {
  const release = window.__releaseEarlyClicks;
  if (!release) return;
  release();
  replayEarlyClicks();
}

/** Clicks at once; a key to the element then focused in its island, each after the page answered the one before. */
function run(list: NonNullable<Window["__earlyHeld"]>) {
  for (let i = 0; i < list.length; i++) {
    const action = list[i]!;
    if (!action.target.isConnected) continue;
    // Keys are held on public pages only.
    if (action.key === undefined) {
      // A button or a heading; an icon (SVG) has no click() of its own.
      const target: Element & { click?: () => void } = action.target;
      if (typeof target.click === "function") target.click();
      else target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      continue;
    }
    const focused = document.activeElement;
    const island = action.target.closest("[data-island]");
    const to = focused && island && island.contains(focused) ? focused : action.target;
    to.dispatchEvent(new KeyboardEvent("keydown", { key: action.key, bubbles: true, cancelable: true }));
    if (i + 1 < list.length) {
      setTimeout(() => run(list.slice(i + 1)), 0);
      return;
    }
  }
}
