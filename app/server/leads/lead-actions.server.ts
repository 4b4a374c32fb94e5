import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { recordAudit } from "~/server/admin/audit.server";
import { leads } from "~/server/db/schema.server";
import type { SessionUser } from "~/server/accounts/auth.server";
import type { Queryable } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, successReply } from "~/server/admin/form.server";
import { jobQueueReady } from "~/server/jobs/jobs.server";
import { markLead } from "~/server/admin/list-actions.server";
import { log } from "~/server/core/log.server";
import { addLeadNote, leadOf, setExpectedValue, setLeadStatus } from "./lead-queries.server";
import { leadNoteSchema, leadRetrySchema, leadStatusSchema } from "~/lib/admin-validation";
import { firstError } from "~/lib/form-result";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { formatDealValue, leadExpectedSchema, leadLostSchema, leadWonSchema } from "~/lib/lead-outcome";
import { readSettings } from "~/server/site/settings.server";

/** The actions of /admin/leads, through the admin form pipeline (the caller has run requireAdminWrite). */

const LEAD_ERROR = "Error saving lead";

async function write<T>(
  values: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reply: ReturnType<typeof failureReply> }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    log.error("saving lead failed", { error: errorText(error) });
    return { ok: false, reply: failureReply(503, LEAD_ERROR, "The lead could not be saved. Please try again.", { values: values as Record<string, string> }) };
  }
}

/** The status control (intent status), 'Save note' (note), 'Retry' (retry-webhook), and the older 'Mark as handled' (a form without an intent). */
export async function leadAction(database: Queryable, user: SessionUser, form: FormData) {
  const intent = form.get("intent");
  if (intent === null) return markLead(database, form);

  if (intent === "status") {
    const submission = parseSubmission(form, leadStatusSchema, { errorTitle: LEAD_ERROR, describe: firstError });
    if (!submission.ok) return submission.reply;
    const { id, status } = submission.value;
    // 'Won' and 'Lost' need the value or the reason: the segment pressed without JavaScript sends the
    // plain status, so the page comes back with their form open (app/routes/admin/leads.tsx).
    if (status === "won" || status === "lost") {
      const ask = status === "won" ? "Enter the deal's value to mark the lead as won." : "Say why the lead was lost to mark it as lost.";
      return failureReply(400, LEAD_ERROR, ask, { values: { intent: "status", id, status } });
    }
    const before = await leadOf(database, id);
    const saved = await write(submission.values, () => setLeadStatus(database, id, status));
    if (!saved.ok) return saved.reply;
    if (!saved.value) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
    await recordAudit(database, {
      actor: user,
      action: "lead.status",
      target: { type: "lead", id, label: before?.label ?? null },
      summary: `Status of ${before?.label ?? "a lead"}: ${before ? LEAD_STATUS_LABELS[before.status] : "?"} → ${LEAD_STATUS_LABELS[status]}`,
      before: before ? { status: before.status } : null,
      after: { status },
    });
    return successReply("Status updated", `The lead is now ${LEAD_STATUS_LABELS[status]}.`);
  }

  if (intent === "won" || intent === "lost") return closeLead(database, user, form, intent);
  if (intent === "expected") return expectValue(database, user, form);

  if (intent === "note") {
    const submission = parseSubmission(form, leadNoteSchema, { errorTitle: LEAD_ERROR, describe: firstError });
    if (!submission.ok) return submission.reply;
    const { id, body } = submission.value;
    const saved = await write(submission.values, () => addLeadNote(database, { leadId: id, author: user, body }));
    if (!saved.ok) return saved.reply;
    if (!saved.value) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
    const lead = await leadOf(database, id);
    await recordAudit(database, {
      actor: user,
      action: "lead.note",
      target: { type: "lead", id, label: lead?.label ?? null },
      summary: `Note on ${lead?.label ?? "a lead"}`,
      after: { note: body },
    });
    return successReply("Note added", "The note was saved on the lead.");
  }

  if (intent === "retry-webhook") {
    const submission = parseSubmission(form, leadRetrySchema, { errorTitle: LEAD_ERROR, describe: firstError });
    if (!submission.ok) return submission.reply;
    const jobs = await jobQueueReady();
    if (!jobs?.webhookEnabled) return failureReply(409, LEAD_ERROR, "No CRM webhook is configured (LEADS_WEBHOOK_URL).");
    const saved = await write(submission.values, () => jobs.retryWebhook(database, submission.value.id));
    if (!saved.ok) return saved.reply;
    if (!saved.value) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
    const lead = await leadOf(database, submission.value.id);
    await recordAudit(database, {
      actor: user,
      action: "lead.retry-webhook",
      target: { type: "lead", id: submission.value.id, label: lead?.label ?? null },
      summary: `Queued the CRM webhook again for ${lead?.label ?? "a lead"}`,
    });
    return successReply("Delivery queued", "The lead will be sent to the CRM again.");
  }

  return failureReply(400, LEAD_ERROR, "Unknown request.");
}

/**
 * 'Won' with the deal's value (in the settings' currency, kept with it) or 'Lost' with its reason:
 * the status, its audit entry (the timeline shows the value or reason) and, with a CRM webhook, a
 * signed `lead.won` / `lead.lost` event (docs/decisions/0054).
 */
async function closeLead(database: Queryable, user: SessionUser, form: FormData, intent: "won" | "lost") {
  const schema = intent === "won" ? leadWonSchema : leadLostSchema;
  const submission = parseSubmission(form, schema, { errorTitle: LEAD_ERROR, describe: firstError });
  if (!submission.ok) return submission.reply;
  const value = submission.value;
  const before = await leadOf(database, value.id);
  const jobs = await jobQueueReady();
  // The status and its event for the CRM webhook are written together (the event only with a webhook).
  const saved = await write(submission.values, () =>
    database.transaction(async (tx) => {
      const [lead] = await tx.select({ status: leads.status, meetingAt: leads.meetingAt }).from(leads).where(eq(leads.id, value.id)).for("update");
      if (!lead) return false;
      const event = {
        id: crypto.randomBytes(8).toString("hex"),
        at: new Date().toISOString(),
        previousStatus: lead.status,
        meetingAt: lead.meetingAt?.toISOString() ?? null,
      };
      if (!("value" in value)) {
        await setLeadStatus(tx, value.id, "lost", { lostReason: value.reason });
        await jobs?.enqueueLeadEvent(tx, value.id, { ...event, type: "lead.lost", status: "lost", lostReason: value.reason });
        return true;
      }
      const { currency } = await readSettings(tx);
      await setLeadStatus(tx, value.id, "won", { dealValue: value.value, dealCurrency: currency });
      await jobs?.enqueueLeadEvent(tx, value.id, { ...event, type: "lead.won", status: "won", deal: { value: value.value, currency } });
      return currency;
    }),
  );
  if (!saved.ok) return saved.reply;
  if (!saved.value) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
  const detail = "value" in value && typeof saved.value === "string" ? formatDealValue(value.value, saved.value) : "reason" in value ? value.reason : "";
  const after = "value" in value ? { status: "won", value: value.value, currency: saved.value } : { status: "lost", reason: value.reason };
  await recordAudit(database, {
    actor: user,
    action: "lead.status",
    target: { type: "lead", id: value.id, label: before?.label ?? null },
    summary: `Status of ${before?.label ?? "a lead"}: ${before ? LEAD_STATUS_LABELS[before.status] : "?"} → ${LEAD_STATUS_LABELS[intent]} (${detail})`,
    before: before ? { status: before.status } : null,
    after,
  });
  return successReply("Status updated", `The lead is now ${LEAD_STATUS_LABELS[intent]} (${detail}).`);
}

/**
 * 'Save expected value': what an open lead's deal is expected to be worth, in the settings' currency
 * (the pipeline's value on /admin/analytics, decision 0058); empty clears it. A won or lost lead keeps
 * its outcome: the value is refused there (409).
 */
async function expectValue(database: Queryable, user: SessionUser, form: FormData) {
  const submission = parseSubmission(form, leadExpectedSchema, { errorTitle: LEAD_ERROR, describe: firstError });
  if (!submission.ok) return submission.reply;
  const { id, value } = submission.value;
  const before = await leadOf(database, id);
  if (!before) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
  if (before.status === "won" || before.status === "lost") {
    return failureReply(409, LEAD_ERROR, "The lead is closed: its expected value can no longer change.", { values: submission.values });
  }
  const saved = await write(submission.values, async () => {
    const { currency } = await readSettings(database);
    return (await setExpectedValue(database, id, value, currency)) ? currency : null;
  });
  if (!saved.ok) return saved.reply;
  if (!saved.value) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
  const detail = value === null ? "cleared" : formatDealValue(value, saved.value);
  await recordAudit(database, {
    actor: user,
    action: "lead.expected-value",
    target: { type: "lead", id, label: before.label },
    summary: `Expected value of ${before.label}: ${detail}`,
    after: { value, currency: value === null ? null : saved.value },
  });
  return successReply("Expected value saved", value === null ? "The lead has no expected value now." : `The lead is expected to be worth ${detail}.`);
}
