import crypto from "node:crypto";
import type { JobWithMetadata } from "pg-boss";
import type { Db } from "~/server/db/client.server";
import type { LeadStatus } from "~/server/db/schema.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import type { BookingEvent } from "~/lib/lead-inbox";
import { answerEngineName } from "~/lib/answer-engines";
import { getLead, recordWebhookAttempt } from "./lead-queries.server";

// What the CRM webhook sends (README, 'CRM webhook') and its delivery, run by the job queue (jobs.server.ts).

/** Header names of the signed webhook (README, 'CRM webhook'). */
export const SIGNATURE_HEADER = "X-Signature";
export const TIMESTAMP_HEADER = "X-Signature-Timestamp";

export type WebhookSettings = { url: string; secret: string | undefined; retryDelaySeconds: number; retries: number };

/**
 * The events the CRM receives after `lead.created`: the lead's state as the scheduler moved it, and
 * the studio's 'Won' (with the deal's value) and 'Lost' (with the reason) (docs/decisions/0054).
 */
export type LeadStateEventType = BookingEvent | "lead.won" | "lead.lost";

/** One change of a lead's state for the CRM; `id` names it (the same on every retry). */
export type LeadStateEvent = {
  id: string;
  type: LeadStateEventType;
  at: string;
  status: LeadStatus;
  previousStatus: LeadStatus | null;
  meetingAt: string | null;
  /** 'lead.won': the deal's value (a decimal string) and its currency. */
  deal?: { value: string; currency: string };
  /** 'lead.lost': why. */
  lostReason?: string;
};

/** A job of the webhook queue: a new lead, or (with `event`) a change of its state. */
export type LeadJob = { leadId: string; event?: LeadStateEvent };

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the secret. */
export function webhookSignature(secret: string, timestamp: string, body: string) {
  return `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

type StoredLead = NonNullable<Awaited<ReturnType<typeof getLead>>>;

/** What the CRM receives: the lead as the visitor sent it, its attribution and figures; never the studio's notes or status. */
export function webhookPayload(lead: StoredLead) {
  return {
    event: "lead.created",
    lead: {
      id: lead.id,
      createdAt: lead.createdAt.toISOString(),
      name: lead.name,
      email: lead.email,
      company: lead.company,
      message: lead.message,
      source: lead.source,
      beforeFigures: lead.beforeFigures,
      afterFigures: lead.afterFigures,
      /** The case study the comparison showed (decision 0051); null when none. */
      shownCaseStudy: lead.shownCaseStudySlug && lead.shownCaseStudyTitle ? { slug: lead.shownCaseStudySlug, title: lead.shownCaseStudyTitle } : null,
      attribution: {
        landingPage: lead.landingPage,
        convertedOn: lead.convertedOn,
        referrer: lead.referrer,
        utmSource: lead.utmSource,
        utmMedium: lead.utmMedium,
        utmCampaign: lead.utmCampaign,
        /** The answer engine's name ("ChatGPT"), null for any other visit (docs/decisions/0053). */
        answerEngine: lead.answerEngine ? answerEngineName(lead.answerEngine) : null,
        /** Last touch (docs/decisions/0058): the last page view of the visit that came with a referrer, UTM tags or an engine. */
        lastTouch: {
          referrer: lead.lastReferrer,
          utmSource: lead.lastUtmSource,
          utmMedium: lead.lastUtmMedium,
          utmCampaign: lead.lastUtmCampaign,
          answerEngine: lead.lastAnswerEngine ? answerEngineName(lead.lastAnswerEngine) : null,
        },
      },
    },
  };
}

/**
 * A change of state: the event, when, the status it moved from and to, and the meeting's time; the
 * lead by id and e-mail (no notes); 'Won' adds the deal's value and currency, 'Lost' the reason.
 */
export function stateEventPayload(lead: StoredLead, event: LeadStateEvent) {
  return {
    event: event.type,
    at: event.at,
    lead: {
      id: lead.id,
      email: lead.email,
      status: event.status,
      previousStatus: event.previousStatus,
      meetingAt: event.meetingAt,
      ...(event.deal ? { deal: event.deal } : {}),
      ...(event.lostReason !== undefined ? { lostReason: event.lostReason } : {}),
    },
  };
}

/**
 * One delivery attempt of a job. A new lead's attempts are recorded on the lead (its timeline shows
 * them, with 'Retry' after the last); a state change is retried by the queue the same way and only
 * logged, so it never hides how the lead itself was delivered.
 */
export async function deliverLeadWebhook(database: Db, job: JobWithMetadata<LeadJob>, webhook: WebhookSettings, timeoutSeconds: number) {
  const lead = await getLead(database, job.data.leadId);
  if (!lead) return;
  const event = job.data.event;
  const body = JSON.stringify(event ? stateEventPayload(lead, event) : webhookPayload(lead));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "studio-leads-webhook",
    "X-Webhook-Id": event ? `${lead.id}.${event.id}` : lead.id,
    [TIMESTAMP_HEADER]: timestamp,
  };
  if (webhook.secret) headers[SIGNATURE_HEADER] = webhookSignature(webhook.secret, timestamp, body);
  const attempts = lead.webhookAttempts + 1;
  try {
    const response = await fetch(webhook.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.any([job.signal, AbortSignal.timeout(timeoutSeconds * 1000)]),
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`The CRM answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
  } catch (error) {
    const message = errorText(error).slice(0, 500);
    const last = job.retryCount >= job.retryLimit;
    if (!event) await recordWebhookAttempt(database, lead.id, { status: last ? "failed" : "pending", attempts, error: message });
    log.warn("lead webhook delivery failed", { lead: lead.id, event: event?.type ?? "lead.created", attempt: job.retryCount + 1, final: last, error: message });
    throw error;
  }
  if (!event) await recordWebhookAttempt(database, lead.id, { status: "delivered", attempts, error: null });
}
