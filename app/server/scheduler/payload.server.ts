import { z } from "zod";

/**
 * What the scheduler's webhook sends (Cal.com's shape, version 2021-10-20): an envelope
 * `{ triggerEvent, createdAt, payload }` whose payload is the booking: its `uid`, `startTime`,
 * `endTime`, `attendees` ({ name, email }), `metadata` (where the booking frame's reference comes
 * back) and, on a reschedule, `rescheduleUid` (the booking it replaces). Only these fields are
 * read; every other one is ignored.
 */
export const SCHEDULER_EVENTS = ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED", "MEETING_ENDED"] as const;
export type SchedulerEventType = (typeof SCHEDULER_EVENTS)[number];

const envelope = z.object({
  triggerEvent: z.string().max(100),
  payload: z.record(z.string(), z.unknown()).nullable().optional(),
});

const time = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "not a time" });
      return z.NEVER;
    }
    return at;
  });

const optionalText = (max: number) =>
  z
    .unknown()
    .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null))
    .optional();

const attendee = z.object({ name: optionalText(120), email: optionalText(200) });

const booking = z.object({
  uid: z.string().trim().min(1).max(200),
  startTime: time,
  endTime: time.nullable().optional(),
  attendees: z.array(z.unknown()).max(100).nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  rescheduleUid: optionalText(200),
  rescheduledToUid: optionalText(200),
  description: optionalText(4000),
});

export type SchedulerAttendee = { name: string | null; email: string | null };

export type SchedulerEvent = {
  type: SchedulerEventType;
  uid: string;
  startsAt: Date;
  endsAt: Date | null;
  /** The first attendee with an e-mail address: the person who booked. */
  attendee: SchedulerAttendee | null;
  /** The reference the booking frame passed (metadata.ref), unread. */
  ref: unknown;
  /** BOOKING_RESCHEDULED: the booking this one replaces. */
  rescheduleUid: string | null;
  /** BOOKING_CANCELLED as part of a reschedule: the booking that replaces it. */
  rescheduledToUid: string | null;
  description: string | null;
};

export type ParsedDelivery = { kind: "event"; event: SchedulerEvent } | { kind: "ignored"; triggerEvent: string } | { kind: "invalid"; message: string };

function isKnown(type: string): type is SchedulerEventType {
  return (SCHEDULER_EVENTS as readonly string[]).includes(type);
}

/** The delivery's event; "ignored" for an event type the site does not act on, "invalid" for a body that is not one. */
export function parseDelivery(rawBody: string, refKey: string): ParsedDelivery {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { kind: "invalid", message: "The body is not JSON." };
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return { kind: "invalid", message: "The body has no triggerEvent." };
  const type = outer.data.triggerEvent;
  if (!isKnown(type)) return { kind: "ignored", triggerEvent: type };
  const inner = booking.safeParse(outer.data.payload ?? {});
  if (!inner.success) return { kind: "invalid", message: "The booking has no uid or start time." };
  const data = inner.data;
  const attendees = (data.attendees ?? []).flatMap((value) => {
    const parsed = attendee.safeParse(value);
    return parsed.success ? [{ name: parsed.data.name ?? null, email: parsed.data.email ?? null }] : [];
  });
  return {
    kind: "event",
    event: {
      type,
      uid: data.uid,
      startsAt: data.startTime,
      endsAt: data.endTime ?? null,
      attendee: attendees.find((a) => a.email) ?? attendees[0] ?? null,
      ref: data.metadata?.[refKey],
      rescheduleUid: data.rescheduleUid ?? null,
      rescheduledToUid: data.rescheduledToUid ?? null,
      description: data.description ?? null,
    },
  };
}

/**
 * The idempotency key of an event: the event and the booking's uid (a reschedule's also its new
 * start, so a second move of the same booking is not taken for a replay of the first).
 */
export function deliveryKey(event: SchedulerEvent) {
  const base = `${event.type}:${event.uid}`;
  return event.type === "BOOKING_RESCHEDULED" ? `${base}:${event.startsAt.toISOString()}` : base;
}
