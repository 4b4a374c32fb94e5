/**
 * Until a page's scripts have run, its buttons (open a dialog, a tab, the menu) do nothing. This
 * script, inlined first in every page's head (built to a minified IIFE by
 * scripts/lib/inline-scripts.ts, allowed by its hash in the CSP), holds such clicks, keyboard activations
 * included, in `window.__earlyHeld`, for the code behind them to replay once it is live
 * (app/lib/browser/early-clicks-replay.ts, in the islands script and the React app: the replay is not
 * in the bytes every page carries, decision 0077). Submit buttons of forms, links and everything
 * else keep their native behaviour. See docs/decisions/0006, 0027 and 0042; the globals it shares
 * are declared in app/boot/globals.d.ts.
 *
 * - The back-office (the React app) releases every held click once hydrated
 *   (`releaseEarlyClicks()`: `window.__releaseEarlyClicks()` stops the holding, then the held
 *   clicks are replayed). Inside `[data-hold-clicks]` (the landing editor's live
 *   preview, where a click anywhere leads to a section's fields and links must lead nowhere)
 *   every click is held, not only a button's.
 * - Public pages (`<html data-islands>`) hydrate only their islands: a click is held only when
 *   its button is in an island that is not live yet (`data-hydrated`), submit buttons included
 *   (the island owns their form's submission, e.g. the post's back button); it wakes that island
 *   (`window.__wakeIsland`, or, before the islands script ran, the islands script finds the click
 *   in `__earlyHeld`), which replays the clicks inside it once it is live. Once every island
 *   that starts by itself is live, the rest are replayed and `__releaseEarlyClicks` becomes
 *   undefined (as in the React app), but the holder stays for islands that start on sight or
 *   interaction.
 * - The keys a widget answers (arrows, Home, End) pressed on an element of such an island are held
 *   too, and sent once its island is live, in order with the clicks, each after the page has
 *   answered the one before, to the element then focused in that island (where a real key would
 *   go; Enter and Space on a button are clicks already). Drags and typing are not held.
 *
 * It also notes the calls to action (`[data-cta]`) clicked and the `sa:event`s dispatched before the
 * analytics beacon runs (it starts with the islands, after the load), in `window.__saEarly`, which
 * the beacon sends when it starts (app/beacon/beacon.ts). Only real clicks (`isTrusted`): a
 * replayed click is not a second one.
 *
 * Built twice (scripts/lib/inline-scripts.ts): `__ISLANDS_PAGE__` is `true` in the build public
 * pages inline and `false` in the back-office's, so each carries only its own branches.
 */
declare const __ISLANDS_PAGE__: boolean;

(() => {
  /** A held click (on a button, or anywhere inside `[data-hold-clicks]`) or key (pressed on an element of an island not live yet). */
  type Held = { target: Element; key?: string };

  const held: Held[] = (window.__earlyHeld = []);
  const early: NonNullable<Window["__saEarly"]> = (window.__saEarly = []);
  window.addEventListener(
    "click",
    (event) => {
      const cta = !window.__saBeacon && event.isTrusted && event.target instanceof Element ? event.target.closest("[data-cta]") : null;
      if (cta) early.push(["cta", cta.getAttribute("data-cta") || ""]);
    },
    true,
  );
  window.addEventListener("sa:event", (event) => {
    const type = event.detail?.type;
    if (!window.__saBeacon && typeof type === "string") early.push([type]);
  });

  const islands = __ISLANDS_PAGE__;
  const keep = (event: Event, action: Held, island: Element | null) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(action);
    if (island && window.__wakeIsland) window.__wakeIsland(island);
  };
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!islands && target && target.closest("[data-hold-clicks]")) {
      keep(event, { target }, null);
      return;
    }
    const button = target ? target.closest("button") : null;
    if (!button || button.disabled) return;
    const island = islands ? button.closest("[data-island]") : null;
    if (islands ? !island || island.hasAttribute("data-hydrated") : button.form && button.type === "submit") return;
    keep(event, { target: button }, island);
  };
  const holdKey = (event: KeyboardEvent) => {
    if (!/^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const island = target ? target.closest("[data-island]") : null;
    if (!target || !island || island.hasAttribute("data-hydrated") || target.matches("input, textarea, select, [contenteditable]")) return;
    keep(event, { target, key: event.key }, island);
  };
  document.addEventListener("click", hold, true);
  if (islands) document.addEventListener("keydown", holdKey, true);
  // Released: the back-office stops holding; the replay (app/lib/browser/early-clicks-replay.ts) follows.
  window.__releaseEarlyClicks = () => {
    if (!islands) document.removeEventListener("click", hold, true);
    window.__releaseEarlyClicks = undefined;
  };
})();
