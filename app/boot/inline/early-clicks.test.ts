import vm from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { heldInside, releaseEarlyClicks, replayEarlyClicks } from "~/lib/browser/early-clicks-replay";
// The bytes the pages inline: early-clicks.ts built by scripts/lib/inline-scripts.ts, once for public pages (islands), once for the back-office.
import { EARLY_CLICKS_APP_SCRIPT, EARLY_CLICKS_ISLANDS_SCRIPT } from "virtual:inline-scripts";

/** Just enough of a DOM for the script: elements that know their button and a document. */
class FakeElement {
  clicks = 0;
  isConnected = true;
  constructor(
    readonly tag: string,
    readonly extra: { disabled?: boolean; form?: object; type?: string; cta?: string; inHoldingRegion?: boolean; island?: FakeElement } = {},
  ) {}
  hydrated = false;
  closest(selector: string) {
    if (selector === "[data-cta]") return this.extra.cta === undefined ? null : this;
    if (selector === "[data-hold-clicks]") return this.extra.inHoldingRegion ? this : null;
    if (selector === "[data-island]") return this.extra.island ?? null;
    return selector === "button" && this.tag === "button" ? this : null;
  }
  hasAttribute(name: string) {
    return name === "data-hydrated" && this.hydrated;
  }
  contains(other: FakeElement) {
    return other === this || other.extra.island === this;
  }
  getAttribute(name: string) {
    return name === "data-cta" ? (this.extra.cta ?? null) : null;
  }
  click() {
    this.clicks++;
  }
  get disabled() {
    return Boolean(this.extra.disabled);
  }
  get form() {
    return this.extra.form ?? null;
  }
  get type() {
    return this.extra.type ?? "button";
  }
}

/** Runs a build of the script in a fake page: the back-office's by default, or the public pages' (`islands`). */
function load(script = EARLY_CLICKS_APP_SCRIPT) {
  const listeners: ((event: unknown) => void)[] = [];
  const windowListeners: ((event: unknown) => void)[] = [];
  const windowEvents: ((event: unknown) => void)[] = [];
  const window: {
    __releaseEarlyClicks?: () => void;
    __saEarly?: [string, string?][];
    __saBeacon?: boolean;
    __wakeIsland?: (island: FakeElement) => void;
    __earlyHeld?: { target: FakeElement; key?: string }[];
    addEventListener: (type: string, listener: (event: unknown) => void) => void;
  } = {
    addEventListener: (type, listener) => (type === "click" ? windowListeners : windowEvents).push(listener),
  };
  const document = {
    addEventListener: (type: string, listener: (event: unknown) => void) => type === "click" && listeners.push(listener),
    removeEventListener: (_: string, listener: (event: unknown) => void) => listeners.splice(listeners.indexOf(listener), 1),
  };
  vm.runInNewContext(script, { window, document, Element: FakeElement });
  const click = (target: FakeElement, isTrusted = true) => {
    const event = {
      target,
      isTrusted,
      held: false,
      preventDefault() {},
      stopImmediatePropagation() {
        this.held = true;
      },
    };
    for (const listener of [...windowListeners, ...listeners]) listener(event);
    return event.held;
  };
  const dispatch = (type: string) => {
    for (const listener of windowEvents) listener({ detail: { type } });
  };
  // The replay is the islands script's and the React app's (app/lib/browser/early-clicks-replay.ts), run here on this page.
  const onThisPage = <T>(replay: () => T) => {
    vi.stubGlobal("window", window);
    return replay();
  };
  const release = () => onThisPage(() => releaseEarlyClicks());
  const replay = (island: FakeElement) => onThisPage(() => replayEarlyClicks(island as unknown as Element));
  const held = (island: FakeElement) => onThisPage(() => heldInside(island as unknown as Element));
  return { window, listeners, click, dispatch, release, replay, held };
}

afterEach(() => void vi.unstubAllGlobals());

describe("calls to action clicked before the beacon runs", () => {
  it("are noted for the beacon with the events dispatched meanwhile: real clicks only, and only until the beacon runs", () => {
    const { window, click, dispatch } = load();
    const hero = new FakeElement("a", { cta: "hero-services" });
    click(hero);
    dispatch("work_open");
    click(new FakeElement("a"));
    click(hero, false);
    expect(window.__saEarly).toEqual([["cta", "hero-services"], ["work_open"]]);
    window.__saBeacon = true;
    click(hero);
    dispatch("audit_open");
    expect(window.__saEarly).toEqual([["cta", "hero-services"], ["work_open"]]);
  });
});

describe("clicks before hydration", () => {
  it("holds plain button clicks and replays them, in order, once released", () => {
    const { window, listeners, click, release } = load();
    const menu = new FakeElement("button");
    const tab = new FakeElement("button");
    expect(click(menu)).toBe(true);
    expect(click(tab)).toBe(true);
    expect(click(menu)).toBe(true);
    expect([menu.clicks, tab.clicks]).toEqual([0, 0]);
    release();
    expect([menu.clicks, tab.clicks]).toEqual([2, 1]);
    expect(listeners).toHaveLength(0);
    expect(window.__releaseEarlyClicks).toBeUndefined();
    // Released once: a second call replays nothing again.
    release();
    expect([menu.clicks, tab.clicks]).toEqual([2, 1]);
  });

  it("leaves submit buttons, disabled buttons and other elements to the browser", () => {
    const { click, release } = load();
    const submit = new FakeElement("button", { form: {}, type: "submit" });
    const disabled = new FakeElement("button", { disabled: true });
    const paragraph = new FakeElement("p");
    expect([click(submit), click(disabled), click(paragraph)]).toEqual([false, false, false]);
    release();
    expect([submit.clicks, disabled.clicks, paragraph.clicks]).toEqual([0, 0, 0]);
  });

  it("holds every click inside [data-hold-clicks] (the landing preview's headings, links, submit buttons) and replays it on the element clicked", () => {
    const { click, release } = load();
    const heading = new FakeElement("h2", { inHoldingRegion: true });
    const submit = new FakeElement("button", { form: {}, type: "submit", inHoldingRegion: true });
    const outside = new FakeElement("h2");
    expect([click(heading), click(submit), click(outside)]).toEqual([true, true, false]);
    expect([heading.clicks, submit.clicks]).toEqual([0, 0]);
    release();
    expect([heading.clicks, submit.clicks, outside.clicks]).toEqual([1, 1, 0]);
  });

  it("drops a held click whose button left the page before hydration", () => {
    const { click, release } = load();
    const gone = new FakeElement("button");
    click(gone);
    gone.isConnected = false;
    release();
    expect(gone.clicks).toBe(0);
  });
});

describe("the public pages' build", () => {
  it("holds a click only on a button of an island not live yet, wakes that island and replays the click once it is", () => {
    const { window, click, replay, held } = load(EARLY_CLICKS_ISLANDS_SCRIPT);
    const woken: FakeElement[] = [];
    window.__wakeIsland = (island) => woken.push(island);
    const island = new FakeElement("div");
    const tab = new FakeElement("button", { island });
    const plain = new FakeElement("button");
    expect([click(tab), click(plain)]).toEqual([true, false]);
    expect(woken).toEqual([island]);
    // Before the islands script ran, it finds the held click there and starts that island at once.
    expect([held(island), held(new FakeElement("div"))]).toEqual([true, false]);
    island.hydrated = true;
    replay(island);
    expect(tab.clicks).toBe(1);
    expect(held(island)).toBe(false);
    expect(click(tab)).toBe(false);
  });

  it("carries none of the back-office's branches: a click inside [data-hold-clicks] is the browser's, and the script never names that region", () => {
    const { click, release } = load(EARLY_CLICKS_ISLANDS_SCRIPT);
    const heading = new FakeElement("h2", { inHoldingRegion: true });
    expect(click(heading)).toBe(false);
    release();
    expect(heading.clicks).toBe(0);
    expect(EARLY_CLICKS_ISLANDS_SCRIPT).not.toContain("data-hold-clicks");
    expect(EARLY_CLICKS_APP_SCRIPT).toContain("data-hold-clicks");
    expect(EARLY_CLICKS_APP_SCRIPT).not.toContain("keydown");
  });

  it("holds but does not replay: the replay is in the islands script, not in the bytes every page carries", () => {
    for (const script of [EARLY_CLICKS_ISLANDS_SCRIPT, EARLY_CLICKS_APP_SCRIPT]) {
      expect(script).toContain("__earlyHeld");
      expect(script).not.toContain("KeyboardEvent");
      expect(script).not.toContain(".click()");
    }
  });
});
