import type { Route } from "./+types/booking-ref";
import { isSameOrigin } from "~/server/http/security.server";
import { attributionFor } from "~/server/analytics/attribution.server";
import { config } from "~/server/core/env.server";
import { visitRef } from "~/server/scheduler/reference.server";
import { bookingUrl } from "~/lib/booking-url";

/**
 * POST /api/booking-ref: the reference 'Work with Us' passes to the scheduler for a booking without
 * a lead (app/server/scheduler/reference.server.ts): this visit's attribution, signed, nothing
 * stored and nothing set in the browser. Asked by the dialog when it opens (the pages are cached
 * and shared, so the reference cannot be in them).
 */
function json(body: Record<string, unknown>, status: number, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
  if (!isSameOrigin(request)) return json({ ok: false, message: "Forbidden" }, 403);
  const ref = visitRef(config().authSecret, await attributionFor(request));
  return json({ ok: true, ref, url: bookingUrl(config().site.schedulingUrl, ref) }, 200);
}
