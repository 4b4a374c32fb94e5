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
 * - The keys a widget answers (arrows, Home, End) pressed on an element of such an island are held
 *   too, and sent once its island is live, in order with the clicks, each after the page has
 *   answered the one before, to the element then focused in that island (where a real key would
 *   go; Enter and Space on a button are clicks already). Drags and typing are not held.
 *
 * It also notes the calls to action (`[data-cta]`) clicked and the `sa:event`s dispatched before the
 * analytics beacon runs (it starts with the islands, after the load), in `window.__saEarly`, which
 * the beacon sends when it starts (app/beacon/beacon.ts). Only real clicks (`isTrusted`): a
 * replayed click is not a second one.
 */
export const RELEASE_EARLY_CLICKS = "__releaseEarlyClicks";
/** The analytics events that came before the beacon ran: `["cta", label]` or `[type]` of an `sa:event`. */
export const EARLY_ANALYTICS = "__saEarly";
export const HELD_EARLY_CLICK = "__heldEarlyClick";
export const REPLAY_EARLY_CLICKS = "__replayEarlyClicks";

export const EARLY_CLICKS_SCRIPT =
  `(() => {` +
  ` const held = [];` +
  ` const early = window.${EARLY_ANALYTICS} = [];` +
  ` window.addEventListener("click", (event) => {` +
  ` const cta = !window.__saBeacon && event.isTrusted && event.target instanceof Element ? event.target.closest("[data-cta]") : null;` +
  ` if (cta) early.push(["cta", cta.getAttribute("data-cta") || ""]);` +
  ` }, true);` +
  ` window.addEventListener("sa:event", (event) => {` +
  ` const type = event.detail && event.detail.type;` +
  ` if (!window.__saBeacon && typeof type === "string") early.push([type]);` +
  ` });` +
  ` const islands = !!(document.documentElement && document.documentElement.hasAttribute("data-islands"));` +
  ` const keep = (event, target, island) => {` +
  ` event.preventDefault(); event.stopImmediatePropagation(); held.push({ target, key: event.key });` +
  ` if (island && window.__wakeIsland) window.__wakeIsland(island);` +
  ` };` +
  ` const hold = (event) => {` +
  ` const button = event.target instanceof Element ? event.target.closest("button") : null;` +
  ` if (!button || button.disabled) return;` +
  ` const island = islands ? button.closest("[data-island]") : null;` +
  ` if (islands ? !island || island.hasAttribute("data-hydrated") : button.form && button.type === "submit") return;` +
  ` keep(event, button, island);` +
  ` };` +
  ` const holdKey = (event) => {` +
  ` if (!/^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;` +
  ` const target = event.target instanceof Element ? event.target : null;` +
  ` const island = target ? target.closest("[data-island]") : null;` +
  ` if (!island || island.hasAttribute("data-hydrated") || target.matches("input, textarea, select, [contenteditable]")) return;` +
  ` keep(event, target, island);` +
  ` };` +
  ` document.addEventListener("click", hold, true);` +
  ` if (islands) document.addEventListener("keydown", holdKey, true);` +
  ` window.${HELD_EARLY_CLICK} = (root) => held.some((action) => root.contains(action.target));` +
  ` const run = (list) => {` +
  ` for (let i = 0; i < list.length; i++) {` +
  ` const { target, key } = list[i];` +
  ` if (!target.isConnected) continue;` +
  ` if (key === undefined) { target.click(); continue; }` +
  ` const focused = document.activeElement, island = target.closest("[data-island]");` +
  ` (focused && island && island.contains(focused) ? focused : target).dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));` +
  ` if (i + 1 < list.length) { setTimeout(() => run(list.slice(i + 1)), 0); return; }` +
  ` }` +
  ` };` +
  ` const replay = (root) => {` +
  ` const now = held.filter((action) => !root || root.contains(action.target));` +
  ` held.splice(0, held.length, ...held.filter((action) => !now.includes(action)));` +
  ` run(now);` +
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
