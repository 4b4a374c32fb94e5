import { HONEYPOT_FIELD, leadFieldErrors, leadSchema, type LeadFieldErrors } from "~/lib/lead";
import { afterFigures } from "~/lib/comparison";
import { comparisonRules } from "~/lib/landing-sections/comparison";
import { publishedLanding } from "~/server/site/landing-content.server";
import { auditDialog } from "~/content/site";
import { config } from "~/server/core/env.server";
import { db } from "~/server/db/client.server";
import { createLead, type LeadAttribution } from "./lead-queries.server";
import { publishedCaseStudyId } from "~/server/case-studies/case-study-queries.server";
import { SLUG_PATTERN } from "~/lib/text";
import { jobQueueReady } from "~/server/jobs/jobs.server";
import { queueBookingReminder } from "./booking-reminder.server";
import { peekSharedLimit, takeSharedLimit, type LimitAnswer, type SharedLimit } from "~/server/http/rate-limit.server";
import { log } from "~/server/core/log.server";
import { errorText } from "~/server/http/errors.server";

/**
 * The one way an audit request becomes a lead, shared by the dialog's endpoint (/api/leads) and
 * the audit page's form (/audit, which works without JavaScript): rate limit, honeypot, the same
 * Zod schema as the browser, then store the lead with its jobs (mail, CRM webhook: jobs.server.ts;
 * the booking reminder: booking-reminder.server.ts).
 */
export type LeadIntake =
  /** `bookingRef`: the lead's reference for the booking frame (none for a honeypot hit). */
  | { outcome: "stored"; bookingRef?: string }
  | { outcome: "invalid"; message: string; errors: LeadFieldErrors }
  | { outcome: "rate-limited"; message: string; retryAfterSeconds: number }
  | { outcome: "failed"; message: string };

/**
 * Stored audit requests per client address, both forms together: LEADS_RATE_LIMIT (5) per 10
 * minutes; invalid attempts are not counted. Kept in the database, so the limit holds across
 * processes and restarts.
 */
const leadLimit = (): SharedLimit => ({ name: "leads", limit: config().leadsRateLimit, windowMs: 10 * 60_000 });

function text(form: FormData, key: string) {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
}

/** The client address the server put on the request (server/main.js). */
export function clientAddress(request: Request) {
  return request.headers.get("x-client-ip") ?? "unknown";
}

function refused({ allowed, retryAfterSeconds }: LimitAnswer): LeadIntake | null {
  return allowed ? null : { outcome: "rate-limited", message: auditDialog.rateLimited, retryAfterSeconds };
}

/**
 * The case study the comparison showed, as the browser named it (its slug): recorded only when a
 * public case study has that slug; anything else (unknown, draft, scheduled, trashed, malformed) is ignored.
 */
async function shownCaseStudy(slug: string): Promise<string | null> {
  if (slug === "" || slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
  try {
    return await publishedCaseStudyId(await db(), slug);
  } catch (error) {
    log.warn("could not check the shown case study; the lead is stored without it", { error: errorText(error) });
    return null;
  }
}

export async function receiveLead(form: FormData, client: string, attribution: Partial<LeadAttribution> = {}): Promise<LeadIntake> {
  let limited: LeadIntake | null;
  try {
    limited = refused(await peekSharedLimit(await db(), leadLimit(), client));
  } catch (error) {
    log.error("could not read the audit-request limit", { error: errorText(error) });
    return { outcome: "failed", message: auditDialog.saveFailed };
  }
  if (limited) return limited;

  // Bots fill every field; people never see this one. Answer as if it worked, store nothing.
  if (text(form, HONEYPOT_FIELD).trim() !== "") {
    await takeSharedLimit(await db(), leadLimit(), client).catch(() => undefined);
    log.warn("lead honeypot filled", { client });
    return { outcome: "stored" };
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
    return { outcome: "invalid", message: Object.values(errors)[0] ?? "Please check the form and try again.", errors };
  }

  const lead = {
    name: parsed.data.name,
    email: parsed.data.email,
    company: parsed.data.company,
    message: parsed.data.message,
    source: parsed.data.source ?? null,
    beforeFigures: parsed.data.beforeFigures ?? null,
    // Recomputed here from the Before figures by the published rules, never trusted from the browser.
    afterFigures: parsed.data.beforeFigures ? afterFigures(parsed.data.beforeFigures, comparisonRules((await publishedLanding()).comparison.rules)) : null,
    shownCaseStudyId: await shownCaseStudy(text(form, "caseStudy").trim()),
  };
  const jobs = await jobQueueReady();
  try {
    const database = await db();
    // The lead, its jobs (the studio's mail, the CRM webhook) and its count against the limit are
    // stored together or not at all; a process that counted the last slot first wins.
    const taken = await database.transaction(async (tx) => {
      const slot = await takeSharedLimit(tx, leadLimit(), client);
      if (!slot.allowed) return { slot, bookingRef: undefined };
      const { id, bookingRef } = await createLead(tx, { ...lead, ...attribution, webhookStatus: jobs?.webhookEnabled ? "pending" : null });
      await jobs?.enqueueNewLead(tx, id);
      // No booking within the set time: a reminder with the booking link (booking-reminder.server.ts).
      await queueBookingReminder(tx, jobs, id);
      return { slot, bookingRef };
    });
    const limitedNow = refused(taken.slot);
    if (limitedNow) return limitedNow;
    if (!jobs) log.warn("lead stored without its mail and webhook: the job queue is not running");
    return { outcome: "stored", bookingRef: taken.bookingRef };
  } catch (error) {
    log.error("could not store lead", { error: error instanceof Error ? error.message : String(error) });
    return { outcome: "failed", message: auditDialog.saveFailed };
  }
}
