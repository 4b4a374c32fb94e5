/**
 * The only script of a public page besides the analytics beacon (docs/decisions/0027), and the top
 * of the browser boot (app/boot: the islands build starts here, scripts/lib/islands.ts; nothing in
 * the app imports it). It finds the page's islands (`<flow-island data-island>`,
 * app/islands/island.tsx) and, when each one's `data-on` says, loads that island's chunk and
 * hydrates its server HTML with Preact (app/boot/hydrate-island.ts, loaded with the first island
 * that wakes, decision 0079: the server's elements and attributes are kept, handlers attached: no
 * layout shift, and no work redoing what the server wrote; ids match through app/islands/ids.ts). Clicks held before that (app/boot/inline/early-clicks.ts) wake their island at once
 * and are replayed once it is live. Then the page's plain behaviours (reveal on scroll, counters)
 * start.
 *
 * A `visible` island costs nothing until it is near the screen (200 px), focus enters it (a
 * keyboard user tabbing to it) or a click or key on it is held: an island nobody reaches is never
 * loaded or hydrated (on the landing page five sections below the fold, ~750 elements, whose
 * hydration at idle made the page's longest tasks after load). `idle` islands start once the page
 * has loaded and the browser is idle. Once every `load` and `idle` island is live, the held clicks
 * are released (`__releaseEarlyClicks` is undefined from then on, as after the React app's
 * hydration); the holder stays for the islands that start on sight or interaction. An island that
 * starts at a touch loads its CSS rules with its code (decision 0078: the page's cut leaves them
 * out of its first bytes).
 */
import type { IslandName } from "~/islands/names";
import { islands } from "./registry";
import { startBehaviours } from "./behaviours";
import { heldInside, releaseEarlyClicks, replayEarlyClicks } from "~/lib/browser/early-clicks-replay";
import { RULES_WITH_CODE } from "~/islands/mode";
import { islandStylesheet } from "~/islands/stylesheet";

type IslandElement = HTMLElement & { dataset: { island: IslandName; on?: string; props?: string; state?: string; ids?: string } };

/** The islands that start without interaction and are not live yet. */
const pending = new Set<Element>();

/**
 * Islands whose code is in become live one per task: several are often ready at the same moment
 * (their shared file arrives), and hydrating them all at once made one long task. No island waits
 * for the whole stylesheet: a kept page's cut carries the rules the islands that start by
 * themselves use (docs/decisions/0059), and those that start at a touch bring theirs, scoped to
 * them (decision 0078); adding the whole file made the browser style the page again (a 650 ms
 * task on the landing page at Lighthouse's 4× slowdown).
 */
const ready: (() => void)[] = [];
function inItsOwnTask(hydrateIsland: () => void) {
  ready.push(hydrateIsland);
  if (ready.length === 1) setTimeout(nextIsland);
}
function nextIsland() {
  try {
    ready[0]!();
  } finally {
    ready.shift();
    if (ready.length > 0) setTimeout(nextIsland);
  }
}

function wake(el: IslandElement) {
  if (el.dataset.state) return;
  el.dataset.state = "loading";
  const load = islands[el.dataset.island];
  if (!load) return;
  // An island that starts at a touch brings its CSS rules (decision 0078): it is drawn once both are in.
  const rules = el.dataset.on === RULES_WITH_CODE ? islandStylesheet(el.dataset.island, import.meta.url) : undefined;
  // Preact comes with the first island that wakes (app/boot/hydrate-island.ts), not with this entry.
  void Promise.all([load(), import("./hydrate-island"), rules]).then(([component, { hydrateIsland }]) =>
    inItsOwnTask(() => {
      const props = JSON.parse(el.dataset.props ?? "{}") as object;
      hydrateIsland(el, component, props, el.dataset.ids ?? `${el.dataset.island}-`);
      el.dataset.state = "live";
      // Islands inside it are its components, live with it.
      for (const live of [el, ...el.querySelectorAll("flow-island")]) live.setAttribute("data-hydrated", "");
      replayEarlyClicks(el);
      if (pending.delete(el) && pending.size === 0) releaseEarlyClicks();
    }),
  );
}

/** Its element boxes: the island itself has none (display: contents). */
function boxes(el: HTMLElement) {
  return Array.from(el.children);
}

function schedule(el: IslandElement) {
  if (heldInside(el)) return wake(el);
  const on = el.dataset.on ?? "load";
  if (on === "load") return wake(el);
  if (on === "idle") return afterLoadWhenIdle(() => wake(el));
  if (on === "visible" && "IntersectionObserver" in window) {
    const start = () => {
      observer.disconnect();
      el.removeEventListener("focusin", start, true);
      wake(el);
    };
    const observer = new IntersectionObserver((entries) => void (entries.some((e) => e.isIntersecting) && start()), { rootMargin: "200px" });
    for (const box of boxes(el)) observer.observe(box);
    el.addEventListener("focusin", start, true);
    return;
  }
  if (on === "interaction") {
    // Focus already inside (the visitor tabbed or tapped into it before this script ran): now.
    if (boxes(el).some((box) => box.contains(document.activeElement))) return wake(el);
    const go = () => {
      for (const type of EVENTS) el.removeEventListener(type, go, true);
      wake(el);
    };
    // `input` too: text typed into a field it holds is kept and acted on once it is live.
    const EVENTS = ["pointerenter", "pointerdown", "focusin", "touchstart", "input"];
    for (const type of EVENTS) el.addEventListener(type, go, { capture: true, passive: true });
    return;
  }
  wake(el);
}

/** Runs `fn` once the page has loaded and the browser has a quiet moment (at most 2 s later). */
function afterLoadWhenIdle(fn: () => void) {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** The island that owns `el`: islands inside an island are its own components. */
function outermost(el: Element) {
  let top = el;
  for (let up = el.parentElement?.closest("flow-island"); up; up = up.parentElement?.closest("flow-island")) top = up;
  return top as IslandElement;
}

window.__wakeIsland = (el) => wake(outermost(el));
const all = Array.from(document.querySelectorAll<IslandElement>("flow-island[data-island]")).filter((el) => outermost(el) === el);
// Islands that start on sight or interaction do not hold back the page's "all live".
const startsByItself = (el: IslandElement) =>
  (el.dataset.on ?? "load") === "load" || el.dataset.on === "idle" || (el.dataset.on === "visible" && !("IntersectionObserver" in window));
for (const el of all) if (startsByItself(el)) pending.add(el);
for (const el of all) schedule(el);
if (pending.size === 0) releaseEarlyClicks();
startBehaviours(document);
