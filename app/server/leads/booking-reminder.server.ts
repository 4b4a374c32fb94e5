import { and, eq, isNull, notExists, notInArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/server/db/client.server";
import { leads, schedulerBookings, type LeadStatus } from "~/server/db/schema.server";
import type { JobQueue, Task } from "~/server/jobs/jobs.server";
import { config } from "~/server/core/env.server";
import { log } from "~/server/core/log.server";
import { errorText } from "~/server/http/errors.server";
import { readSettings } from "~/server/site/settings.server";
import { bookingUrl } from "~/lib/booking-url";
import { mailBookingReminder } from "./leads-mail.server";

/**
 * The booking reminder (docs/decisions/0054): after an audit request, a delayed pg-boss job at the
 * time the settings name ('Booking reminder', hours after the request; off: none). If by then no
 * booking came for the lead, it mails the lead the one-click booking link, once. The job's id is
 * kept on the lead (`reminder_job_id`): the scheduler's webhook cancels it when a booking arrives,
 * and the job checks again anyway (a booking may arrive while it is being fetched).
 */
export const BOOKING_REMINDER_QUEUE = "lead-booking-reminder";

/** `at`: when the reminder is due (the job never runs before it; a run earlier by the given clock does nothing). */
export type BookingReminderJob = { leadId: string; at: string };

/** A lead with one of these statuses has a call (or is past needing one): no reminder. */
const NO_REMINDER: readonly LeadStatus[] = ["booked", "held", "won", "lost"];

/**
 * Queues the reminder of a lead just stored, inside its transaction (`tx`), when the setting is on
 * and this process's queue runs the task; stores the job's id on the lead. Answers the job's id.
 */
export async function queueBookingReminder(tx: Queryable, jobs: JobQueue | undefined, leadId: string): Promise<string | null> {
  if (!jobs?.hasTask(BOOKING_REMINDER_QUEUE)) return null;
  const now = jobs.now();
  const { bookingReminderHours: hours } = await readSettings(tx);
  if (hours === 0) return null;
  const at = new Date(now.getTime() + hours * 3600_000);
  const id = await jobs.sendInTransaction(tx, BOOKING_REMINDER_QUEUE, { leadId, at: at.toISOString() } satisfies BookingReminderJob, at);
  if (id) await tx.update(leads).set({ reminderJobId: id }).where(eq(leads.id, leadId));
  return id;
}

/**
 * A booking arrived for the lead (the scheduler's webhook, inside its transaction): its reminder,
 * if one is still waiting, is cancelled and forgotten. Answers whether one was.
 */
export async function cancelBookingReminder(tx: Queryable, jobs: JobQueue | undefined, leadId: string): Promise<boolean> {
  const [lead] = await tx.select({ jobId: leads.reminderJobId, sentAt: leads.reminderSentAt }).from(leads).where(eq(leads.id, leadId));
  if (!lead?.jobId || lead.sentAt) return false;
  await jobs?.cancelInTransaction(tx, BOOKING_REMINDER_QUEUE, lead.jobId);
  await tx.update(leads).set({ reminderJobId: null }).where(eq(leads.id, leadId));
  return true;
}

export type ReminderOutcome = "sent" | "not-due" | "not-needed";

/**
 * The job's work at `now`: claims the lead in one statement (no reminder sent yet, no booking
 * received, status not Booked/Call held/Won/Lost) by setting `reminder_sent_at`, then mails it. So a
 * second run, on this process or another, finds it claimed and sends nothing. A failed mail
 * releases the claim and throws, and pg-boss retries the job.
 */
export async function sendBookingReminder(database: Db, job: BookingReminderJob, now: Date): Promise<ReminderOutcome> {
  if (now.getTime() < Date.parse(job.at)) return "not-due";
  const [lead] = await database
    .update(leads)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(leads.id, job.leadId),
        isNull(leads.reminderSentAt),
        notInArray(leads.status, [...NO_REMINDER]),
        notExists(
          database
            .select({ one: sql`1` })
            .from(schedulerBookings)
            .where(eq(schedulerBookings.leadId, leads.id)),
        ),
      ),
    )
    .returning({ name: leads.name, email: leads.email, bookingRef: leads.bookingRef });
  if (!lead) return "not-needed";
  const link = bookingUrl(config().site.schedulingUrl, lead.bookingRef, { name: lead.name, email: lead.email });
  try {
    await mailBookingReminder(lead, link);
  } catch (error) {
    await database
      .update(leads)
      .set({ reminderSentAt: null })
      .where(and(eq(leads.id, job.leadId), eq(leads.reminderSentAt, now)));
    log.warn("the booking reminder could not be mailed: retrying", { lead: job.leadId, error: errorText(error) });
    throw error;
  }
  log.info("booking reminder sent", { lead: job.leadId });
  return "sent";
}

export const BOOKING_REMINDER_TASK: Task<BookingReminderJob> = {
  name: BOOKING_REMINDER_QUEUE,
  run: (job, database, now) => sendBookingReminder(database, job, now),
  queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
  // A delayed job coming due sends no notification: a reminder goes within about this long of its time.
  pollingIntervalSeconds: 30,
};
