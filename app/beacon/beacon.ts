/**
 * The analytics beacon of the public pages (docs/decisions: beacon analytics). Plain browser code,
 * no React: scripts/lib/beacon.ts compiles and minifies it into a fingerprinted file that
 * app/root.tsx loads (on island pages, started with the islands after the load); its test keeps it
 * at most 1.5 KB gzipped.
 *
 * Sends, with navigator.sendBeacon (fetch keepalive when that fails), to POST /api/event:
 * - a page view once the page has loaded, and on every client-side route change (history);
 *   the first carries the referrer (none when it is a page of this site), each the utm_source/medium/campaign of its address, and all the landing path;
 * - 'cta' on a click on an element with data-cta="name" (real clicks only: a click the page replays
 *   once its islands are live was counted when it was made), those made before this script ran
 *   included (noted by the early-click script in `window.__saEarly`, as are the `sa:event`s below);
 * - 'audit_open', 'audit_sent', 'work_open' dispatched by the React code as
 *   `new CustomEvent("sa:event", { detail: { type } })`;
 * - 'booking' when the scheduling frame (Cal.com, origin in data-frame) posts its booking-successful message.
 * Nothing when the browser says Do Not Track or Global Privacy Control. No cookie, no storage.
 */
(() => {
  const win = window;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (win.__saBeacon || nav.doNotTrack === "1" || nav.globalPrivacyControl === true) return;
  win.__saBeacon = true;
  const frameOrigin = document.currentScript?.getAttribute("data-frame");
  const loc = location;
  const endpoint = "/api/event";
  const landing = loc.pathname;
  const custom = ["audit_open", "audit_sent", "work_open"];
  let lastPath = "";
  // A page of this site is not a source: full page loads between island pages would report it.
  let referrer = document.referrer.startsWith(loc.origin + "/") ? "" : document.referrer;
  let lastBooking = 0;

  const send = (type: string, extra?: Record<string, string>) => {
    if (/^\/admin(\/|$)/.test(loc.pathname)) return;
    const body = JSON.stringify({ type, path: loc.pathname, landing, ...extra });
    try {
      if (nav.sendBeacon(endpoint, body)) return;
    } catch {
      // not allowed here: try fetch
    }
    fetch(endpoint, { method: "POST", body, keepalive: true }).catch(() => undefined);
  };

  const pageview = () => {
    if (loc.pathname === lastPath) return;
    lastPath = loc.pathname;
    const query = new URLSearchParams(loc.search);
    const extra: Record<string, string> = { referrer };
    for (const key of ["utm_source", "utm_medium", "utm_campaign"]) extra[key] = query.get(key) ?? "";
    referrer = "";
    send("pageview", extra);
  };

  const start = () => {
    pageview();
    for (const name of ["pushState", "replaceState"] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History["pushState"]>) => {
        original(...args);
        pageview();
      };
    }
    addEventListener("popstate", pageview);
  };

  // On the window, before the early-click script's holder (on the document) can stop a click.
  addEventListener(
    "click",
    (event) => {
      const target = event.isTrusted && event.target instanceof Element ? event.target.closest("[data-cta]") : null;
      if (target) send("cta", { label: target.getAttribute("data-cta") ?? "" });
    },
    true,
  );
  /** An event the React code dispatched ('audit_open', 'audit_sent', 'work_open'); others are ignored. */
  const sendCustom = (type: unknown) => {
    if (typeof type === "string" && custom.includes(type)) send(type);
  };
  addEventListener("sa:event", (event) => sendCustom(event.detail?.type));
  addEventListener("message", (event: MessageEvent<unknown>) => {
    if (!frameOrigin || event.origin !== frameOrigin) return;
    const data = event.data as { originator?: unknown; type?: unknown } | null;
    if (!data || data.originator !== "CAL" || (data.type !== "bookingSuccessful" && data.type !== "bookingSuccessfulV2")) return;
    // Cal.com announces one booking twice (bookingSuccessful, then bookingSuccessfulV2): count it once.
    const now = Date.now();
    if (now - lastBooking > 5000) send("booking");
    lastBooking = now;
  });

  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
  for (const [type, label] of win.__saEarly?.splice(0) ?? []) {
    if (type === "cta") send("cta", { label: label ?? "" });
    else sendCustom(type);
  }
})();
