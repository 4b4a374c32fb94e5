/**
 * Starts the named islands of an island page now, if they are not live yet: an island whose
 * only job is to show what a shared store holds (the toaster, the audit dialog's host) waits with
 * `on="interaction"` and is woken by the store when there is something to show. Does nothing
 * on the server or in the React app (no islands script there). `__wakeIsland` is set by the
 * islands entry (app/boot/entry.ts; the page's globals: app/boot/globals.d.ts).
 */
export function wakeIslands(name: string) {
  if (typeof document === "undefined" || !window.__wakeIsland) return;
  for (const el of document.querySelectorAll(`flow-island[data-island="${name}"]:not([data-hydrated])`)) window.__wakeIsland(el);
}
