/**
 * The island pages' only script element (inlined last in the body by app/root.tsx, built to a
 * minified IIFE by scripts/lib/inline-scripts.ts, allowed by its hash in the CSP; docs/decisions/0027
 * and 0042): it starts the islands script (and preloads its imports and the chunks of the islands
 * that start at once) once the page has loaded and its first contentful paint has been drawn (or
 * PAINT_WAIT_MS after the load at the latest, for a page in a background tab, which does not
 * paint), or at once when the visitor presses, touches, types or tabs before that. Until then the
 * page needs no script (its islands' server HTML is whole; clicks and keys made before are held and
 * replayed, app/boot/inline/early-clicks.ts), so on a slow link the stylesheet, the font and the
 * largest image get the bandwidth, and no script competes with the first paint.
 * Reads its element's data-src (the entry) and data-preload (space-separated module addresses);
 * both are fetched at low priority, so they never head a chain of critical requests. The analytics
 * beacon (data-beacon, with its data-frame) starts with them: its script and its page-view request
 * no longer come before the first paint either.
 */
(() => {
  const PAINT_WAIT_MS = 1000;
  const data = document.currentScript!.dataset;
  const events = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of events) removeEventListener(type, start, true);
    for (const href of (data.preload || "").split(" ")) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.fetchPriority = "low";
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.src = data.src!;
    script.fetchPriority = "low";
    document.body.append(script);
    if (data.beacon) {
      const beacon = document.createElement("script");
      beacon.src = data.beacon;
      beacon.dataset.frame = data.frame;
      beacon.fetchPriority = "low";
      document.body.append(beacon);
    }
  };
  for (const type of events) addEventListener(type, start, { capture: true, passive: true });
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const afterPaint = () => {
    // Without paint entries (an older browser) it starts after the load.
    const types = "PerformanceObserver" in window ? PerformanceObserver.supportedEntryTypes || [] : [];
    if (!types.includes("paint") || painted()) return void setTimeout(start);
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      setTimeout(start);
    });
    observer.observe({ type: "paint" });
    setTimeout(start, PAINT_WAIT_MS);
  };
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
})();
