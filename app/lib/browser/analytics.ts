/** The funnel steps the React code reports; the beacon (app/beacon/beacon.ts) sends them to /api/event. */
export type FunnelEvent = "audit_open" | "audit_sent" | "work_open";

/** Tells the beacon that a funnel step happened; does nothing without it (admin, DNT, ANALYTICS=off). */
export function trackEvent(type: FunnelEvent) {
  window.dispatchEvent(new CustomEvent("sa:event", { detail: { type } }));
}
