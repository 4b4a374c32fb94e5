import { and, count, desc, eq, ilike, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { caseStudies, leadNotes, leads, type ComparisonFigures, type LeadStatus, type WebhookStatus } from "~/server/db/schema.server";
import { containsPattern, pageWindow } from "~/server/admin/list-params.server";
import type { LeadFilter } from "~/lib/lead-status";

import type { LeadAttribution } from "~/lib/lead";
import { newLeadRef } from "~/server/scheduler/reference.server";

export type { LeadAttribution };

export type LeadInput = {
  name: string;
  email: string;
  company: string;
  message: string;
  beforeFigures: ComparisonFigures | null;
  afterFigures: ComparisonFigures | null;
  source: string | null;
  /** The published case study the comparison showed (lead-intake.server.ts checks it); null or absent when none. */
  shownCaseStudyId?: string | null;
} & Partial<LeadAttribution> & { webhookStatus?: WebhookStatus | null };

/** Stores a lead with a new booking reference (what the booking frame passes to the scheduler: app/server/scheduler/). */
export async function createLead(db: Queryable, input: LeadInput) {
  const [row] = await db
    .insert(leads)
    .values({ ...input, bookingRef: newLeadRef() })
    .returning({ id: leads.id, createdAt: leads.createdAt, bookingRef: leads.bookingRef });
  return { ...row!, bookingRef: row!.bookingRef! };
}

const leadColumns = {
  id: leads.id,
  name: leads.name,
  email: leads.email,
  company: leads.company,
  message: leads.message,
  beforeFigures: leads.beforeFigures,
  afterFigures: leads.afterFigures,
  source: leads.source,
  status: leads.status,
  handled: leads.handled,
  landingPage: leads.landingPage,
  convertedOn: leads.convertedOn,
  referrer: leads.referrer,
  utmSource: leads.utmSource,
  utmMedium: leads.utmMedium,
  utmCampaign: leads.utmCampaign,
  answerEngine: leads.answerEngine,
  lastReferrer: leads.lastReferrer,
  lastUtmSource: leads.lastUtmSource,
  lastUtmMedium: leads.lastUtmMedium,
  lastUtmCampaign: leads.lastUtmCampaign,
  lastAnswerEngine: leads.lastAnswerEngine,
  expectedValue: leads.expectedValue,
  expectedCurrency: leads.expectedCurrency,
  webhookStatus: leads.webhookStatus,
  webhookAttempts: leads.webhookAttempts,
  webhookLastError: leads.webhookLastError,
  webhookUpdatedAt: leads.webhookUpdatedAt,
  meetingAt: leads.meetingAt,
  dealValue: leads.dealValue,
  dealCurrency: leads.dealCurrency,
  lostReason: leads.lostReason,
  reminderSentAt: leads.reminderSentAt,
  createdAt: leads.createdAt,
};

/** What a row of the /admin/leads list shows (the open lead is read whole, with its timeline: lead-timeline.server.ts). */
const listColumns = {
  id: leads.id,
  name: leads.name,
  company: leads.company,
  status: leads.status,
  source: leads.source,
  createdAt: leads.createdAt,
};

/** Every lead, newest first (tests and small scripts; the admin screen pages with `leadsPage`). */
export async function listLeads(db: Queryable) {
  return db.select(leadColumns).from(leads).orderBy(desc(leads.createdAt), desc(leads.id));
}

/** One lead, with the case study the comparison showed (its id, title and slug now; null when none, or deleted forever). */
export async function getLead(db: Queryable, id: string) {
  const [row] = await db
    .select({ ...leadColumns, shownCaseStudyId: leads.shownCaseStudyId, shownCaseStudyTitle: caseStudies.title, shownCaseStudySlug: caseStudies.slug })
    .from(leads)
    .leftJoin(caseStudies, eq(caseStudies.id, leads.shownCaseStudyId))
    .where(eq(leads.id, id));
  return row ?? null;
}

export type LeadFilters = { q: string; status: LeadFilter };

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.company, pattern));
}

function whereOf({ q, status }: LeadFilters) {
  return and(searchCondition(q), status === "all" ? undefined : eq(leads.status, status));
}

/** How many leads the search finds under each status tab (the search applies to every tab). */
export async function leadCounts(db: Queryable, q: string): Promise<Record<LeadFilter, number>> {
  const rows = await db.select({ status: leads.status, n: count() }).from(leads).where(searchCondition(q)).groupBy(leads.status);
  const counts: Record<LeadFilter, number> = { all: 0, new: 0, contacted: 0, qualified: 0, booked: 0, held: 0, won: 0, lost: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** One page of /admin/leads (newest first): its rows, the tab counts and where the page is. */
export async function leadsPage(db: Queryable, filters: LeadFilters, askedPage: number) {
  const counts = await leadCounts(db, filters.q);
  const total = counts[filters.status];
  const window = pageWindow(askedPage, total);
  const items = await db
    .select(listColumns)
    .from(leads)
    .where(whereOf(filters))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(window.limit)
    .offset(window.offset);
  return { items, counts, total, page: window.page };
}

/** Every lead the filters find, newest first, for the CSV export (no page limit). */
export async function leadsForExport(db: Queryable, filters: LeadFilters) {
  return db.select(leadColumns).from(leads).where(whereOf(filters)).orderBy(desc(leads.createdAt), desc(leads.id));
}

/** An open lead's expected value in `currency` (null clears both); false when the lead does not exist or is closed. */
export async function setExpectedValue(db: Queryable, id: string, value: string | null, currency: string) {
  const rows = await db
    .update(leads)
    .set({ expectedValue: value, expectedCurrency: value === null ? null : currency })
    .where(and(eq(leads.id, id), notInArray(leads.status, ["won", "lost"])))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/** What a closed lead keeps: a won deal's value and currency, a lost one's reason. */
export type LeadOutcome = { dealValue?: string | null; dealCurrency?: string | null; lostReason?: string | null };

/** Sets a lead's status; a won deal's value (or a lost one's reason) is kept while the lead stays won (or lost). */
export async function setLeadStatus(db: Queryable, id: string, status: LeadStatus, outcome: LeadOutcome = {}) {
  const won = status === "won";
  const lost = status === "lost";
  const rows = await db
    .update(leads)
    .set({
      status,
      dealValue: won ? (outcome.dealValue ?? null) : null,
      dealCurrency: won && outcome.dealValue ? (outcome.dealCurrency ?? null) : null,
      lostReason: lost ? (outcome.lostReason ?? null) : null,
    })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/**
 * 'Mark as handled' of the screen before the pipeline: a new lead becomes 'Contacted'; 'Mark as
 * not handled' puts it back to 'New'. A lead already past 'new' keeps its status when marked handled.
 */
export async function setLeadHandled(db: Queryable, id: string, handled: boolean) {
  const status = handled ? sql`case when ${leads.status} = 'new' then 'contacted' else ${leads.status} end` : sql`'new'`;
  const rows = await db.update(leads).set({ status }).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length > 0;
}

export async function addLeadNote(db: Queryable, input: { leadId: string; author: { id: string; name: string; email: string }; body: string }) {
  const found = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, input.leadId));
  if (!found.length) return null;
  const [row] = await db
    .insert(leadNotes)
    .values({ leadId: input.leadId, authorId: input.author.id, authorName: input.author.name, authorEmail: input.author.email, body: input.body })
    .returning({ id: leadNotes.id, createdAt: leadNotes.createdAt });
  return row!;
}

/** Records one delivery attempt of the CRM webhook on the lead. */
export async function recordWebhookAttempt(db: Queryable, id: string, outcome: { status: WebhookStatus; attempts?: number; error?: string | null }) {
  await db
    .update(leads)
    .set({
      webhookStatus: outcome.status,
      ...(outcome.attempts === undefined ? {} : { webhookAttempts: outcome.attempts }),
      webhookLastError: outcome.error ?? null,
      webhookUpdatedAt: new Date(),
    })
    .where(eq(leads.id, id));
}

/** A lead's name and address (the audit log's label) and status; null when it is gone or unreadable. */
export async function leadOf(database: Queryable, id: string) {
  const [row] = await database
    .select({ name: leads.name, email: leads.email, status: leads.status })
    .from(leads)
    .where(eq(leads.id, id))
    .limit(1)
    .catch(() => []);
  return row ? { label: `${row.name} <${row.email}>`, status: row.status } : null;
}
