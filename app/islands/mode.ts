/**
 * Which documents are island pages (docs/decisions/0027): every public page; the back-office is
 * the React app. Decided on the server only: in the browser, a document that hydrates at all is
 * the React app, so client renders never switch modes.
 */
export function isIslandsPage(pathname: string) {
  if (typeof document !== "undefined") return false;
  return !/^\/admin(\/|$)/.test(pathname);
}

/**
 * Speculation rules for the island pages: same-origin public links are prefetched when the
 * pointer rests on them or they are pressed (moderate eagerness), so the full page load that
 * replaces client routing starts early; the page cache answers at once. Prefetch, not prerender:
 * a prerendered page would run its analytics beacon for a visit that may never happen.
 * Inline, so its hash is pinned in the CSP (app/server/security.server.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin/*" } },
          { not: { href_matches: "/admin" } },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/*.(xml|txt|md)" } },
          { not: { selector_matches: "[target=_blank], [download], [rel~=nofollow]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/**
 * The island pages' only script element: it starts the islands script (and
 * preloads its imports and the chunks of the islands that start at once) once the page has loaded
 * and its first contentful paint has been drawn (or PAINT_WAIT_MS after the load at the latest, for
 * a page in a background tab, which does not paint), or at once when the visitor presses, touches,
 * types or tabs before that. Until then the page needs no script (its islands' server HTML is
 * whole; clicks and keys made before are held and replayed, app/lib/early-clicks.ts), so on a slow
 * link the stylesheet, the font and the largest image get the bandwidth, and no script competes
 * with the first paint.
 * Reads its element's data-src (the entry) and data-preload (space-separated module addresses);
 * both are fetched at low priority, so they never head a chain of critical requests. The analytics
 * beacon (data-beacon, with its data-frame) starts with them: its script and its page-view request
 * no longer come before the first paint either.
 * Inline, so its hash is pinned in the CSP (app/server/security.server.ts).
 */
const PAINT_WAIT_MS = 1000;

export const START_ISLANDS_SCRIPT =
  `(() => {` +
  ` const data = document.currentScript.dataset;` +
  ` const events = ["pointerdown", "keydown", "focusin", "touchstart"];` +
  ` let started = false;` +
  ` const start = () => {` +
  ` if (started) return; started = true;` +
  ` for (const type of events) removeEventListener(type, start, true);` +
  ` for (const href of (data.preload || "").split(" ")) {` +
  ` if (!href) continue;` +
  ` const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; link.fetchPriority = "low"; document.head.append(link);` +
  ` }` +
  ` const script = document.createElement("script"); script.type = "module"; script.src = data.src; script.fetchPriority = "low"; document.body.append(script);` +
  ` if (data.beacon) { const beacon = document.createElement("script"); beacon.src = data.beacon; beacon.dataset.frame = data.frame; beacon.fetchPriority = "low"; document.body.append(beacon); }` +
  ` };` +
  ` for (const type of events) addEventListener(type, start, { capture: true, passive: true });` +
  ` const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;` +
  ` const afterPaint = () => {` +
  ` const types = window.PerformanceObserver ? PerformanceObserver.supportedEntryTypes || [] : [];` +
  ` if (!types.includes("paint") || painted()) return setTimeout(start);` +
  ` const observer = new PerformanceObserver(() => { if (painted()) { observer.disconnect(); setTimeout(start); } });` +
  ` observer.observe({ type: "paint" });` +
  ` setTimeout(start, ${PAINT_WAIT_MS});` +
  ` };` +
  ` if (document.readyState === "complete") afterPaint(); else addEventListener("load", afterPaint, { once: true });` +
  ` })();`;
