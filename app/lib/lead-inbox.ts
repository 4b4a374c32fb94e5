import type { ComparisonFigures } from "~/lib/comparison";
import type { LeadAttribution } from "~/lib/lead";
import type { LeadStatusValue } from "~/lib/lead-status";

/* What /admin/leads sends to the page (dates as ISO strings): the rows of the list, and the open lead with its timeline (app/server/leads/lead-timeline.server.ts). */

export type LeadRow = { id: string; name: string; company: string; status: LeadStatusValue; source: string | null; createdAt: string };

export type OpenLead = {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  status: LeadStatusValue;
  source: string | null;
  beforeFigures: ComparisonFigures | null;
  afterFigures: ComparisonFigures | null;
  /** The published case study the comparison showed when the request was sent (decision 0051); null when none. */
  shownCaseStudy: { id: string; title: string } | null;
  /** When the booked call starts (the scheduler's webhook); null when none is booked. */
  meetingAt: string | null;
  /** 'Won': the deal's value and its currency; 'Lost': the reason (null otherwise, or when none was given). */
  dealValue: string | null;
  dealCurrency: string | null;
  lostReason: string | null;
  /** While open: what the deal is expected to be worth, in its currency (the pipeline value); null until entered. */
  expectedValue: string | null;
  expectedCurrency: string | null;
  createdAt: string;
} & LeadAttribution;

/** What a change to 'Won' or 'Lost' recorded with it. */
export type StatusOutcome = { value: string; currency: string } | { reason: string } | null;

/** What the scheduler reported, as the CRM webhook names it (app/server/scheduler/). */
export const BOOKING_EVENTS = ["lead.booked", "lead.rescheduled", "lead.booking-cancelled", "lead.call-held"] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** How a status changed: the status control, or 'Mark as handled' / 'Mark as not handled' of the older screen and API. */
export type StatusChangeVia = "status" | "handled" | "not-handled";

export type Actor = { name: string | null; email: string | null };

export type TimelineItem =
  | { kind: "request"; at: string; source: string | null }
  | { kind: "status"; at: string; id: string; from: LeadStatusValue | null; to: LeadStatusValue; by: Actor; via: StatusChangeVia; outcome: StatusOutcome }
  | { kind: "note"; at: string; id: string; body: string; by: Actor }
  | { kind: "retry"; at: string; id: string; by: Actor }
  | { kind: "booking"; at: string; id: string; event: BookingEvent; from: LeadStatusValue | null; to: LeadStatusValue; meetingAt: string | null }
  | { kind: "delivery"; at: string; status: "pending" | "delivered" | "failed"; attempts: number; error: string | null }
  /** The booking reminder mailed to the lead (docs/decisions/0054). */
  | { kind: "reminder"; at: string };

/** The lead `?lead=` asks for: found (with its timeline), or gone (a stale or mistyped address). */
/** `currency`: the settings' currency, in which 'Won' asks the deal's value. */
export type LeadPane = { state: "open"; lead: OpenLead; timeline: TimelineItem[]; currency: string } | { state: "missing" } | null;

/** A note whose save failed, given back to its box: what was typed and why it was not saved. */
export type KeptNote = { body: string; message: string };

/**
 * 'Won' or 'Lost' pressed without JavaScript, or their form refused (the page came back from the
 * post): the form to show open, what was typed and why it was not saved.
 */
export type KeptOutcome = { outcome: "won" | "lost"; typed: string; error?: string };

/** 'Save expected value' refused without JavaScript (the page came back from the post): what was typed and why. */
export type KeptExpected = { typed: string; error?: string };
