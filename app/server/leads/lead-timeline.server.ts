import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { auditLog, leadNotes, users } from "~/server/db/schema.server";
import { LEAD_STATUS_VALUES, type LeadStatusValue } from "~/lib/lead-status";
import { recordId } from "~/lib/admin-validation";
import { BOOKING_EVENTS, type BookingEvent, type LeadPane, type StatusChangeVia, type StatusOutcome, type TimelineItem } from "~/lib/lead-inbox";
import { readSettings } from "~/server/site/settings.server";
import { getLead } from "./lead-queries.server";

/**
 * One lead as /admin/leads opens it (`?lead=<id>`): the lead, and its timeline, oldest first: the
 * request itself, every status change and CRM retry (read from the audit log's rows for the lead:
 * target_type 'lead', target_id its id), every note, the booking reminder's mail, and where the CRM
 * delivery stands now.
 * Nothing is stored for the timeline: it is derived each time from what is already kept.
 */

/** Who did something, as the audit log or the note kept it: the name while the account exists, else the address. */
export type TimelineActor = { name: string | null; email: string | null };

export type TimelineEntry =
  | { kind: "request"; at: Date; source: string | null }
  | { kind: "status"; at: Date; id: string; from: LeadStatusValue | null; to: LeadStatusValue; by: TimelineActor; via: StatusChangeVia; outcome: StatusOutcome }
  | { kind: "note"; at: Date; id: string; body: string; by: TimelineActor }
  | { kind: "retry"; at: Date; id: string; by: TimelineActor }
  | { kind: "booking"; at: Date; id: string; event: BookingEvent; from: LeadStatusValue | null; to: LeadStatusValue; meetingAt: string | null }
  | { kind: "delivery"; at: Date; status: "pending" | "delivered" | "failed"; attempts: number; error: string | null }
  | { kind: "reminder"; at: Date };

/** The audit actions the timeline shows. */
const TIMELINE_ACTIONS = ["lead.status", "lead.handled", "lead.retry-webhook", "lead.booking"] as const;

function statusOf(value: unknown): LeadStatusValue | null {
  return LEAD_STATUS_VALUES.find((s) => s === value) ?? null;
}

/** A won deal's value and currency, or a lost lead's reason, as the status change recorded them. */
function outcomeOf(after: Record<string, unknown> | null): StatusOutcome {
  if (typeof after?.value === "string" && typeof after.currency === "string") return { value: after.value, currency: after.currency };
  if (typeof after?.reason === "string") return { reason: after.reason };
  return null;
}

/** Earlier first; entries of the same instant keep the order they were given in (a stable sort). */
function byTime(a: TimelineEntry, b: TimelineEntry) {
  return a.at.getTime() - b.at.getTime();
}

/** The lead's audit rows that the timeline shows, oldest first, with the actor's current name when the account still exists. */
async function auditEntries(db: Queryable, leadId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      actorEmail: auditLog.actorEmail,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.targetType, "lead"), eq(auditLog.targetId, leadId), inArray(auditLog.action, [...TIMELINE_ACTIONS])))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  const entries: TimelineEntry[] = [];
  for (const row of rows) {
    const by = { name: row.actorName, email: row.actorEmail };
    if (row.action === "lead.retry-webhook") {
      entries.push({ kind: "retry", at: row.at, id: row.id, by });
      continue;
    }
    const to = statusOf(row.after?.status);
    if (!to) continue;
    if (row.action === "lead.booking") {
      const event = BOOKING_EVENTS.find((e) => e === row.after?.event);
      if (!event) continue;
      const meetingAt = typeof row.after?.meetingAt === "string" ? row.after.meetingAt : null;
      entries.push({ kind: "booking", at: row.at, id: row.id, event, from: statusOf(row.before?.status), to, meetingAt });
      continue;
    }
    const via = row.action === "lead.status" ? "status" : row.after?.handled === false ? "not-handled" : "handled";
    entries.push({ kind: "status", at: row.at, id: row.id, from: statusOf(row.before?.status), to, by, via, outcome: outcomeOf(row.after) });
  }
  return entries;
}

async function noteEntries(db: Queryable, leadId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ id: leadNotes.id, body: leadNotes.body, at: leadNotes.createdAt, name: leadNotes.authorName, email: leadNotes.authorEmail })
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
  return rows.map((row) => ({ kind: "note", at: row.at, id: row.id, body: row.body, by: { name: row.name, email: row.email } }));
}

/** The lead and its timeline, oldest first; null when there is no such lead. */
export async function leadWithTimeline(db: Queryable, id: string) {
  const lead = await getLead(db, id);
  if (!lead) return null;
  const [audit, notes] = await Promise.all([auditEntries(db, id), noteEntries(db, id)]);
  const timeline: TimelineEntry[] = [{ kind: "request", at: lead.createdAt, source: lead.source }, ...audit, ...notes];
  // The booking reminder's mail (booking-reminder.server.ts), when it went out.
  if (lead.reminderSentAt) timeline.push({ kind: "reminder", at: lead.reminderSentAt });
  if (lead.webhookStatus) {
    timeline.push({
      kind: "delivery",
      at: lead.webhookUpdatedAt ?? lead.createdAt,
      status: lead.webhookStatus,
      attempts: lead.webhookAttempts,
      error: lead.webhookLastError,
    });
  }
  return { lead, timeline: timeline.sort(byTime) };
}

const iso = (at: Date) => at.toISOString();

/** `?lead=<id>` for the page: the lead and its timeline with dates as ISO strings; "missing" for a malformed or unknown id. */
export async function leadPane(db: Queryable, id: string): Promise<LeadPane> {
  const asked = recordId().safeParse(id);
  if (!asked.success) return { state: "missing" };
  const [found, settings] = await Promise.all([leadWithTimeline(db, asked.data), readSettings(db)]);
  if (!found) return { state: "missing" };
  const { lead } = found;
  return {
    state: "open",
    lead: {
      id: lead.id,
      name: lead.name,
      email: lead.email,
      company: lead.company,
      message: lead.message,
      status: lead.status,
      source: lead.source,
      beforeFigures: lead.beforeFigures,
      afterFigures: lead.afterFigures,
      shownCaseStudy: lead.shownCaseStudyId && lead.shownCaseStudyTitle ? { id: lead.shownCaseStudyId, title: lead.shownCaseStudyTitle } : null,
      landingPage: lead.landingPage,
      convertedOn: lead.convertedOn,
      referrer: lead.referrer,
      utmSource: lead.utmSource,
      utmMedium: lead.utmMedium,
      utmCampaign: lead.utmCampaign,
      answerEngine: lead.answerEngine,
      lastReferrer: lead.lastReferrer,
      lastUtmSource: lead.lastUtmSource,
      lastUtmMedium: lead.lastUtmMedium,
      lastUtmCampaign: lead.lastUtmCampaign,
      lastAnswerEngine: lead.lastAnswerEngine,
      expectedValue: lead.expectedValue,
      expectedCurrency: lead.expectedCurrency,
      meetingAt: lead.meetingAt ? iso(lead.meetingAt) : null,
      dealValue: lead.dealValue,
      dealCurrency: lead.dealCurrency,
      lostReason: lead.lostReason,
      createdAt: iso(lead.createdAt),
    },
    currency: settings.currency,
    timeline: found.timeline.map((entry): TimelineItem => ({ ...entry, at: iso(entry.at) })),
  };
}
