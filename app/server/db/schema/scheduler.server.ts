import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.server";
import { leads, type LeadStatus } from "./leads.server";

/* Booked calls, as the scheduler's signed webhook reports them (docs/decisions/0052). */

/** Where a booking stands: booked (or moved to it by a reschedule), replaced by a reschedule, cancelled, held. */
export const BOOKING_STATES = ["booked", "rescheduled", "cancelled", "held"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/**
 * One booking of the scheduler (its uid), the lead it belongs to, its time, and the status the lead
 * had before it was booked (a cancellation takes the lead back to it). A reschedule is a new
 * booking (a new uid) that carries `statusBefore` over from the one it replaces.
 */
export const schedulerBookings = pgTable(
  "scheduler_bookings",
  {
    uid: text("uid").primaryKey(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    state: text("state", { enum: BOOKING_STATES }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    statusBefore: text("status_before").$type<LeadStatus>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("scheduler_bookings_lead_idx").on(t.leadId)],
);

/**
 * Every event of the webhook acted on, by its key (the event and the booking's uid; a reschedule's
 * also its new start): written in the transaction of the change it made, so a replayed delivery
 * finds its key and changes nothing.
 */
export const schedulerDeliveries = pgTable("scheduler_deliveries", {
  key: text("key").primaryKey(),
  event: text("event").notNull(),
  bookingUid: text("booking_uid").notNull(),
  leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
