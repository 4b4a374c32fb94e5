import type { Route } from "./+types/leads-api";
import type { LeadResponse } from "~/lib/lead";
import { auditDialog } from "~/content/site";
import { isSameOrigin } from "~/server/security.server";
import { clientAddress, receiveLead } from "~/server/lead-intake.server";
import { attributionFor } from "~/server/analytics/attribution.server";

/** The audit request dialog's endpoint: JSON answers for the dialog's fetch (the /audit page posts to its own action). */
function json(body: LeadResponse, status: number, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
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
      return json({ ok: true }, 200);
    case "invalid":
      return json({ ok: false, message: result.message, errors: result.errors }, 400);
    case "rate-limited":
      return json({ ok: false, message: result.message }, 429, { "Retry-After": String(result.retryAfterSeconds) });
    case "failed":
      return json({ ok: false, message: result.message }, 500);
  }
}
