/**
 * Until a page's scripts have run, its buttons (open a dialog, a tab, the menu) do nothing. This
 * inline script, the first thing in every page's head, holds such clicks, keyboard activations
 * included, and replays them once the code behind them is live. Submit buttons of forms, links
 * and everything else keep their native behaviour. See docs/decisions/0006 and 0027.
 *
 * - The back-office (the React app) releases every held click once hydrated:
 *   `window.__releaseEarlyClicks()`.
 * - Public pages (`<html data-islands>`) hydrate only their islands: a click is held only when
 *   its button is in an island that is not live yet (`data-hydrated`), submit buttons included
 *   (the island owns their form's submission, e.g. the post's back button); it wakes that island
 *   (`window.__wakeIsland`, or, before the islands script ran, `__heldEarlyClick(island)` tells
 *   it), which replays the clicks inside it with `__replayEarlyClicks(island)`. Once every island
 *   that starts by itself is live, `__releaseEarlyClicks()` replays the rest and becomes undefined
 *   (as in the React app), but the holder stays for islands that start on interaction.
 */
export const RELEASE_EARLY_CLICKS = "__releaseEarlyClicks";
export const HELD_EARLY_CLICK = "__heldEarlyClick";
export const REPLAY_EARLY_CLICKS = "__replayEarlyClicks";

export const EARLY_CLICKS_SCRIPT =
  `(() => {` +
  ` const held = [];` +
  ` const islands = !!(document.documentElement && document.documentElement.hasAttribute("data-islands"));` +
  ` const hold = (event) => {` +
  ` const button = event.target instanceof Element ? event.target.closest("button") : null;` +
  ` if (!button || button.disabled) return;` +
  ` const island = islands ? button.closest("[data-island]") : null;` +
  ` if (islands ? !island || island.hasAttribute("data-hydrated") : button.form && button.type === "submit") return;` +
  ` event.preventDefault(); event.stopImmediatePropagation(); held.push(button);` +
  ` if (island && window.__wakeIsland) window.__wakeIsland(island);` +
  ` };` +
  ` document.addEventListener("click", hold, true);` +
  ` window.${HELD_EARLY_CLICK} = (root) => held.some((button) => root.contains(button));` +
  ` const replay = (root) => {` +
  ` const now = held.filter((button) => !root || root.contains(button));` +
  ` held.splice(0, held.length, ...held.filter((button) => !now.includes(button)));` +
  ` for (const button of now) if (button.isConnected) button.click();` +
  ` };` +
  ` window.${REPLAY_EARLY_CLICKS} = replay;` +
  ` window.${RELEASE_EARLY_CLICKS} = () => {` +
  ` if (!islands) document.removeEventListener("click", hold, true);` +
  ` window.${RELEASE_EARLY_CLICKS} = undefined; replay();` +
  ` };` +
  ` })();`;

declare global {
  interface Window {
    [RELEASE_EARLY_CLICKS]?: () => void;
    [REPLAY_EARLY_CLICKS]?: (root: Element) => void;
    [HELD_EARLY_CLICK]?: (root: Element) => boolean;
  }
}
