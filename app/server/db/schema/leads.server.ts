import { sql, type SQL } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ComparisonFigures } from "../../../lib/comparison";
import { createdAt } from "./columns.server";
import { caseStudies } from "./case-studies.server";

/* Leads (audit requests) and the notes the studio keeps on them. */

export type { ComparisonFigures };

/**
 * A lead's pipeline statuses, in order (labels in app/lib/lead-status.ts). 'booked' and 'held'
 * (a call booked, a call held) are set by the scheduler's webhook (app/server/scheduler/).
 */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "booked", "held", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The CRM webhook's delivery state of a lead: queued or retrying, delivered, or given up after the last retry. */
export const WEBHOOK_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    message: text("message").notNull(),
    beforeFigures: jsonb("before_figures").$type<ComparisonFigures>(),
    afterFigures: jsonb("after_figures").$type<ComparisonFigures>(),
    source: text("source"),
    /**
     * The published case study the landing page's comparison linked when the request was sent (a
     * slug the server found published; decision 0051); null when none was shown, or it was deleted forever since.
     */
    shownCaseStudyId: uuid("shown_case_study_id").references(() => caseStudies.id, { onDelete: "set null" }),
    /** Where the lead is in the pipeline: one of LEAD_STATUSES ('new' until someone acts on it). */
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    /** Kept for the older 'Mark as handled' readers: true from the moment the lead left 'new'. */
    handled: boolean("handled")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${leads.status} <> 'new'`),
    /** Attribution, taken from the visit (the analytics beacon) when the lead is stored; null when unknown. */
    landingPage: text("landing_page"),
    convertedOn: text("converted_on"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The answer engine that referred the visit ('chatgpt', 'perplexity', …; app/lib/answer-engines.ts), first touch; null for any other visit. */
    answerEngine: text("answer_engine"),
    /**
     * Last touch (docs/decisions/0058): the referrer, UTM tags and answer engine of the visit's last
     * page view that came with any of them (the first one's when none came later; null for direct).
     */
    lastReferrer: text("last_referrer"),
    lastUtmSource: text("last_utm_source"),
    lastUtmMedium: text("last_utm_medium"),
    lastUtmCampaign: text("last_utm_campaign"),
    lastAnswerEngine: text("last_answer_engine"),
    /**
     * What the studio expects the deal to be worth while the lead is open (the settings' currency,
     * kept beside it): the pipeline value. Null until someone enters it.
     */
    expectedValue: numeric("expected_value", { precision: 14, scale: 2 }),
    expectedCurrency: text("expected_currency"),
    /** The CRM webhook's delivery (app/server/jobs/jobs.server.ts): null when no webhook was configured when the lead came in. */
    webhookStatus: text("webhook_status", { enum: WEBHOOK_STATUSES }),
    webhookAttempts: integer("webhook_attempts").notNull().default(0),
    webhookLastError: text("webhook_last_error"),
    webhookUpdatedAt: timestamp("webhook_updated_at", { withTimezone: true }),
    /**
     * The opaque reference the booking frame passes to the scheduler for this lead (random; never
     * its id or a personal identifier): the scheduler's webhook finds the lead by it.
     */
    bookingRef: text("booking_ref").unique(),
    /** When the booked call starts (the scheduler's webhook); null when none is booked. */
    meetingAt: timestamp("meeting_at", { withTimezone: true }),
    /** 'Won': the deal's value and its currency (the settings' currency then); null otherwise. */
    dealValue: numeric("deal_value", { precision: 14, scale: 2 }),
    dealCurrency: text("deal_currency"),
    /** 'Lost': why; null otherwise. */
    lostReason: text("lost_reason"),
    /**
     * The booking reminder (docs/decisions/0054): the pg-boss job queued after the request to mail
     * a one-click booking link if no booking came (null when none was queued, or once a booking
     * cancelled it), and when that mail went out (it goes once).
     */
    reminderJobId: text("reminder_job_id"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_created_idx").on(t.createdAt.desc()),
    index("leads_status_idx").on(t.status, t.createdAt.desc()),
    check("leads_status_known", sql`${t.status} in ('new', 'contacted', 'qualified', 'booked', 'held', 'won', 'lost')`),
  ],
);

/** Notes the studio keeps on a lead: who wrote it (their name and e-mail as they were then) and when. Never sent to the CRM. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The users table's id, as text so deleting the account keeps the note. */
    authorId: text("author_id").notNull(),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId, t.createdAt)],
);
