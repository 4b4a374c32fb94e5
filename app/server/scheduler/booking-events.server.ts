import crypto from "node:crypto";
import { and, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "~/server/db/client.server";
import { leads, schedulerBookings, schedulerDeliveries, type LeadStatus } from "~/server/db/schema.server";
import { recordAudit, SYSTEM_ACTOR } from "~/server/admin/audit.server";
import { jobQueueReady, type JobQueue } from "~/server/jobs/jobs.server";
import { createLead } from "~/server/leads/lead-queries.server";
import { cancelBookingReminder } from "~/server/leads/booking-reminder.server";
import type { BookingEvent } from "~/lib/lead-inbox";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { NO_ATTRIBUTION } from "~/server/analytics/attribution.server";
import { config } from "~/server/core/env.server";
import { readBookingRef } from "./reference.server";
import { deliveryKey, type SchedulerEvent } from "./payload.server";
import { db } from "~/server/db/client.server";

/**
 * What one scheduler event does to the leads (docs/decisions/0052), in one transaction with its
 * idempotency record (scheduler_deliveries): a replayed delivery finds its key and changes nothing.
 * - BOOKING_CREATED: the lead of the reference (or a new one, from the attendee and the visit's
 *   attribution) becomes 'Booked' with the meeting's time.
 * - BOOKING_RESCHEDULED: the booking it replaces hands over its lead; the meeting's time moves.
 * - BOOKING_CANCELLED: the lead goes back to the status it had before the booking, without a time.
 * - MEETING_ENDED: a booked lead becomes 'Call held'.
 * Each change is an audit-log entry on the lead (its timeline) and a job for the CRM webhook.
 */

export type EventOutcome = { outcome: "applied"; leadId: string } | { outcome: "replay" } | { outcome: "no-booking" };

type Lead = { id: string; status: LeadStatus; email: string; name: string };

const leadFields = { id: leads.id, status: leads.status, email: leads.email, name: leads.name };

/** The statuses a booking moves a lead from and to; a lead already past the call (won, lost) keeps its status. */
const AFTER_THE_CALL: readonly LeadStatus[] = ["won", "lost"];

async function leadById(tx: Tx, id: string): Promise<Lead | null> {
  const [row] = await tx.select(leadFields).from(leads).where(eq(leads.id, id)).for("update");
  return row ?? null;
}

async function bookingByUid(tx: Tx, uid: string | null) {
  if (!uid) return null;
  const [row] = await tx.select().from(schedulerBookings).where(eq(schedulerBookings.uid, uid)).for("update");
  return row ?? null;
}

/** The newest open lead (not Won or Lost) with this e-mail address, compared without case; null for none. */
async function openLeadByEmail(tx: Tx, email: string | null | undefined): Promise<Lead | null> {
  if (!email) return null;
  const [found] = await tx
    .select(leadFields)
    .from(leads)
    .where(and(sql`lower(${leads.email}) = ${email.toLowerCase()}`, notInArray(leads.status, [...AFTER_THE_CALL])))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1)
    .for("update");
  return found ?? null;
}

/**
 * The lead a new booking belongs to: its reference's; for a booking with no reference (an e-mail
 * link, the scheduler's own page), the newest open lead with the attendee's e-mail address; else a
 * new lead from the attendee with the visit's attribution.
 */
async function leadForBooking(tx: Tx, event: SchedulerEvent, secret: string, jobs: JobQueue | undefined): Promise<Lead> {
  const ref = readBookingRef(secret, event.ref);
  if (ref?.kind === "lead") {
    const [found] = await tx.select(leadFields).from(leads).where(eq(leads.bookingRef, ref.ref)).for("update");
    if (found) return found;
  }
  if (!ref) {
    const byEmail = await openLeadByEmail(tx, event.attendee?.email);
    if (byEmail) return byEmail;
  }
  const attribution = ref?.kind === "visit" ? ref.attribution : NO_ATTRIBUTION;
  const name = event.attendee?.name ?? event.attendee?.email ?? "Unknown attendee";
  const email = event.attendee?.email ?? "";
  const { id } = await createLead(tx, {
    name,
    email,
    company: "",
    message: event.description ?? "Booked a call through the scheduler.",
    source: "scheduler",
    beforeFigures: null,
    afterFigures: null,
    ...attribution,
    webhookStatus: jobs?.webhookEnabled ? "pending" : null,
  });
  await jobs?.enqueueNewLead(tx, id);
  return { id, status: "new", email, name };
}

const EVENT_WORDS = {
  "lead.booked": "Call booked",
  "lead.rescheduled": "Call moved",
  "lead.booking-cancelled": "Call cancelled",
  "lead.call-held": "Call held",
} as const satisfies Record<BookingEvent, string>;

/** Writes the lead's new status and meeting time, its audit entry (the timeline) and its CRM job. */
async function moveLead(
  tx: Tx,
  jobs: JobQueue | undefined,
  lead: Lead,
  change: { type: BookingEvent; status: LeadStatus; meetingAt: Date | null; meetingBefore: Date | null; key: string },
) {
  await tx.update(leads).set({ status: change.status, meetingAt: change.meetingAt }).where(eq(leads.id, lead.id));
  const label = `${lead.name} <${lead.email}>`;
  const moved = lead.status === change.status ? LEAD_STATUS_LABELS[change.status] : `${LEAD_STATUS_LABELS[lead.status]} → ${LEAD_STATUS_LABELS[change.status]}`;
  await recordAudit(
    tx,
    {
      actor: SYSTEM_ACTOR,
      action: "lead.booking",
      target: { type: "lead", id: lead.id, label },
      summary: `${EVENT_WORDS[change.type]} for ${label}: ${moved}${change.meetingAt ? ` (${change.meetingAt.toISOString()})` : ""}`,
      before: { status: lead.status, meetingAt: change.meetingBefore },
      after: { status: change.status, meetingAt: change.meetingAt, event: change.type },
      ip: null,
    },
    { inTransaction: true },
  );
  await jobs?.enqueueLeadEvent(tx, lead.id, {
    id: crypto.createHash("sha256").update(change.key).digest("hex").slice(0, 16),
    type: change.type,
    at: new Date().toISOString(),
    status: change.status,
    previousStatus: lead.status,
    meetingAt: change.meetingAt?.toISOString() ?? null,
  });
}

async function meetingOf(tx: Tx, leadId: string) {
  const [row] = await tx.select({ meetingAt: leads.meetingAt }).from(leads).where(eq(leads.id, leadId));
  return row?.meetingAt ?? null;
}

async function created(tx: Tx, event: SchedulerEvent, secret: string, jobs: JobQueue | undefined, key: string): Promise<EventOutcome> {
  if (await bookingByUid(tx, event.uid)) return { outcome: "replay" };
  const lead = await leadForBooking(tx, event, secret, jobs);
  // The booking came: the reminder with the booking link is no longer needed (it checks again when it runs).
  await cancelBookingReminder(tx, jobs, lead.id);
  // A lead with another call still booked keeps the status it had before that one.
  const [earlier] = await tx
    .select({ statusBefore: schedulerBookings.statusBefore })
    .from(schedulerBookings)
    .where(and(eq(schedulerBookings.leadId, lead.id), eq(schedulerBookings.state, "booked")))
    .orderBy(desc(schedulerBookings.createdAt))
    .limit(1);
  const statusBefore = lead.status === "booked" && earlier ? earlier.statusBefore : lead.status;
  await tx.insert(schedulerBookings).values({ uid: event.uid, leadId: lead.id, state: "booked", startsAt: event.startsAt, endsAt: event.endsAt, statusBefore });
  const status = AFTER_THE_CALL.includes(lead.status) ? lead.status : "booked";
  await moveLead(tx, jobs, lead, { type: "lead.booked", status, meetingAt: event.startsAt, meetingBefore: await meetingOf(tx, lead.id), key });
  return { outcome: "applied", leadId: lead.id };
}

async function rescheduled(tx: Tx, event: SchedulerEvent, secret: string, jobs: JobQueue | undefined, key: string): Promise<EventOutcome> {
  const previous = (await bookingByUid(tx, event.rescheduleUid)) ?? (await bookingByUid(tx, event.uid));
  if (!previous) return created(tx, event, secret, jobs, key);
  const lead = await leadById(tx, previous.leadId);
  if (!lead) return { outcome: "no-booking" };
  if (previous.uid !== event.uid) {
    await tx.update(schedulerBookings).set({ state: "rescheduled", updatedAt: new Date() }).where(eq(schedulerBookings.uid, previous.uid));
    await tx
      .insert(schedulerBookings)
      .values({ uid: event.uid, leadId: lead.id, state: "booked", startsAt: event.startsAt, endsAt: event.endsAt, statusBefore: previous.statusBefore })
      .onConflictDoUpdate({ target: schedulerBookings.uid, set: { state: "booked", startsAt: event.startsAt, endsAt: event.endsAt, updatedAt: new Date() } });
  } else {
    await tx
      .update(schedulerBookings)
      .set({ state: "booked", startsAt: event.startsAt, endsAt: event.endsAt, updatedAt: new Date() })
      .where(eq(schedulerBookings.uid, event.uid));
  }
  const status = AFTER_THE_CALL.includes(lead.status) ? lead.status : "booked";
  await moveLead(tx, jobs, lead, { type: "lead.rescheduled", status, meetingAt: event.startsAt, meetingBefore: await meetingOf(tx, lead.id), key });
  return { outcome: "applied", leadId: lead.id };
}

async function cancelled(tx: Tx, event: SchedulerEvent, jobs: JobQueue | undefined, key: string): Promise<EventOutcome> {
  const booking = await bookingByUid(tx, event.uid);
  if (!booking || booking.state !== "booked") return { outcome: "no-booking" };
  // The cancellation half of a reschedule: the new booking (its own event) carries the lead on.
  if (event.rescheduledToUid) {
    await tx.update(schedulerBookings).set({ state: "rescheduled", updatedAt: new Date() }).where(eq(schedulerBookings.uid, booking.uid));
    return { outcome: "no-booking" };
  }
  await tx.update(schedulerBookings).set({ state: "cancelled", updatedAt: new Date() }).where(eq(schedulerBookings.uid, booking.uid));
  const lead = await leadById(tx, booking.leadId);
  if (!lead) return { outcome: "no-booking" };
  const [other] = await tx
    .select({ startsAt: schedulerBookings.startsAt })
    .from(schedulerBookings)
    .where(and(eq(schedulerBookings.leadId, lead.id), eq(schedulerBookings.state, "booked"), ne(schedulerBookings.uid, booking.uid)))
    .orderBy(desc(schedulerBookings.createdAt))
    .limit(1);
  const status = lead.status === "booked" && !other ? booking.statusBefore : lead.status;
  await moveLead(tx, jobs, lead, {
    type: "lead.booking-cancelled",
    status,
    meetingAt: other?.startsAt ?? null,
    meetingBefore: await meetingOf(tx, lead.id),
    key,
  });
  return { outcome: "applied", leadId: lead.id };
}

async function ended(tx: Tx, event: SchedulerEvent, jobs: JobQueue | undefined, key: string): Promise<EventOutcome> {
  const booking = await bookingByUid(tx, event.uid);
  if (!booking || booking.state !== "booked") return { outcome: "no-booking" };
  await tx.update(schedulerBookings).set({ state: "held", updatedAt: new Date() }).where(eq(schedulerBookings.uid, booking.uid));
  const lead = await leadById(tx, booking.leadId);
  if (!lead) return { outcome: "no-booking" };
  const status = lead.status === "booked" ? "held" : lead.status;
  const meetingAt = await meetingOf(tx, lead.id);
  await moveLead(tx, jobs, lead, { type: "lead.call-held", status, meetingAt, meetingBefore: meetingAt, key });
  return { outcome: "applied", leadId: lead.id };
}

/** Acts on one verified event, once: its key is stored with the change, and a replay of it changes nothing. */
export async function applySchedulerEvent(event: SchedulerEvent): Promise<EventOutcome> {
  // A visit's reference is signed with AUTH_SECRET (reference.server.ts).
  const secret = config().authSecret;
  const jobs = await jobQueueReady();
  const database = await db();
  const key = deliveryKey(event);
  return database.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(schedulerDeliveries)
      .values({ key, event: event.type, bookingUid: event.uid })
      .onConflictDoNothing()
      .returning({ key: schedulerDeliveries.key });
    if (!fresh) return { outcome: "replay" };
    const outcome =
      event.type === "BOOKING_CREATED"
        ? await created(tx, event, secret, jobs, key)
        : event.type === "BOOKING_RESCHEDULED"
          ? await rescheduled(tx, event, secret, jobs, key)
          : event.type === "BOOKING_CANCELLED"
            ? await cancelled(tx, event, jobs, key)
            : await ended(tx, event, jobs, key);
    if (outcome.outcome === "applied") await tx.update(schedulerDeliveries).set({ leadId: outcome.leadId }).where(eq(schedulerDeliveries.key, key));
    return outcome;
  });
}
