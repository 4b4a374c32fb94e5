import type { Route } from "./+types/leads-api";
import type { LeadResponse } from "~/lib/lead";
import { auditDialog } from "~/content/site";
import { isSameOrigin } from "~/server/http/security.server";
import { clientAddress, receiveLead } from "~/server/leads/lead-intake.server";
import { attributionFor } from "~/server/analytics/attribution.server";
import { config } from "~/server/core/env.server";
import { bookingUrl } from "~/lib/booking-url";

/** The scheduling page for the lead just stored: its reference in the booking's metadata, the name and e-mail prefilled. */
function bookingLink(ref: string, form: FormData) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  return bookingUrl(config().site.schedulingUrl, ref, { name: text("name"), email: text("email") });
}

/** The audit request dialog's endpoint: JSON answers for the dialog's fetch, a page for a plain form post (the /audit page posts to its own action). */
function json(body: LeadResponse, status: number, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
}

/**
 * A plain form post (the dialog's form without JavaScript: the browser asks for HTML, not JSON)
 * is answered with a page: a 307 hands the same POST to /audit, whose action runs the same intake
 * (validation, honeypot, rate limit: lead-intake.server.ts) and shows the confirmation, or the
 * form again with the messages and what was typed.
 */
function wantsPage(request: Request) {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("text/html") && !accept.includes("application/json");
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
  if (wantsPage(request)) return new Response(null, { status: 307, headers: { Location: "/audit", "Cache-Control": "no-store" } });
  if (!isSameOrigin(request)) return json({ ok: false, message: auditDialog.forbidden }, 403);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ ok: false, message: "Please send the form fields." }, 400);
  }
  const result = await receiveLead(form, clientAddress(request), await attributionFor(request));
  switch (result.outcome) {
    case "stored":
      return json(result.bookingRef ? { ok: true, bookingRef: result.bookingRef, bookingUrl: bookingLink(result.bookingRef, form) } : { ok: true }, 200);
    case "invalid":
      return json({ ok: false, message: result.message, errors: result.errors }, 400);
    case "rate-limited":
      return json({ ok: false, message: result.message }, 429, { "Retry-After": String(result.retryAfterSeconds) });
    case "failed":
      return json({ ok: false, message: result.message }, 500);
  }
}
