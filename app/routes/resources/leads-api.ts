import type { Route } from "./+types/leads-api";
import { HONEYPOT_FIELD, leadFieldErrors, leadSchema, type LeadResponse } from "~/lib/lead";
import { afterFigures } from "~/lib/comparison";
import { auditDialog } from "~/content/site";
import { config } from "~/server/env.server";
import { isSameOrigin } from "~/server/security.server";
import { db } from "~/server/db/client.server";
import { createLead } from "~/server/queries/leads.server";
import { mailLead } from "~/server/leads-mail.server";
import { createRateLimiter } from "~/server/rate-limit.server";
import { log } from "~/server/log.server";

/** Stored audit requests per client address: LEADS_RATE_LIMIT (5) per 10 minutes; invalid attempts are not counted. */
let limiter: ReturnType<typeof createRateLimiter> | undefined;
function leadLimiter() {
  limiter ??= createRateLimiter({ limit: config().leadsRateLimit, windowMs: 10 * 60_000 });
  return limiter;
}

function json(body: LeadResponse, status: number, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  return json({ ok: false, message: "Method not allowed" }, 405, { Allow: "POST" });
}

function text(form: FormData, key: string) {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
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
  const client = request.headers.get("x-client-ip") ?? "unknown";
  if (!leadLimiter().peek(client).allowed) {
    const { retryAfterSeconds } = leadLimiter().peek(client);
    return json({ ok: false, message: auditDialog.rateLimited }, 429, { "Retry-After": String(retryAfterSeconds) });
  }

  // Bots fill every field; people never see this one. Answer as if it worked, store nothing.
  if (text(form, HONEYPOT_FIELD).trim() !== "") {
    leadLimiter().hit(client);
    log.warn("lead honeypot filled", { client });
    return json({ ok: true }, 200);
  }

  const before = { time: text(form, "beforeTime"), errorRate: text(form, "beforeErrorRate"), cost: text(form, "beforeCost") };
  const hasFigures = before.time !== "" || before.errorRate !== "" || before.cost !== "";
  const parsed = leadSchema.safeParse({
    name: text(form, "name"),
    email: text(form, "email"),
    company: text(form, "company"),
    message: text(form, "message"),
    source: text(form, "source") || undefined,
    beforeFigures: hasFigures ? before : undefined,
  });
  if (!parsed.success) {
    const errors = leadFieldErrors(parsed.error);
    const message = Object.values(errors)[0] ?? "Please check the form and try again.";
    return json({ ok: false, message, errors }, 400);
  }

  const lead = {
    name: parsed.data.name,
    email: parsed.data.email,
    company: parsed.data.company,
    message: parsed.data.message,
    source: parsed.data.source ?? null,
    beforeFigures: parsed.data.beforeFigures ?? null,
    // Recomputed here from the Before figures, never trusted from the browser.
    afterFigures: parsed.data.beforeFigures ? afterFigures(parsed.data.beforeFigures) : null,
  };
  leadLimiter().hit(client);
  try {
    await createLead(await db(), lead);
  } catch (error) {
    log.error("could not store lead", { error: error instanceof Error ? error.message : String(error) });
    return json({ ok: false, message: "We could not save your request. Please try again in a moment." }, 500);
  }
  try {
    await mailLead(lead);
  } catch (error) {
    // Stored: the studio sees it at /admin/leads even if the mail failed.
    log.error("could not mail lead", { error: error instanceof Error ? error.message : String(error) });
  }
  return json({ ok: true }, 200);
}
