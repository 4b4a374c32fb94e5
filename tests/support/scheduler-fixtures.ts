import crypto from "node:crypto";

/** Cal.com-shaped webhook deliveries (version 2021-10-20), signed as Cal.com signs them. */
export type BookingFixture = {
  uid: string;
  start: string;
  end?: string;
  ref?: string;
  attendee?: { name: string; email: string };
  rescheduleUid?: string;
  rescheduledToUid?: string;
};

export function schedulerDelivery(triggerEvent: string, booking: BookingFixture) {
  const start = new Date(booking.start);
  return JSON.stringify({
    triggerEvent,
    createdAt: new Date("2026-11-28T09:00:00Z").toISOString(),
    payload: {
      type: "discovery",
      title: "Discovery call",
      bookerUrl: "https://cal.example",
      uid: booking.uid,
      startTime: start.toISOString(),
      endTime: booking.end ?? new Date(start.getTime() + 30 * 60_000).toISOString(),
      organizer: { name: "Studio", email: "team@studio.example", timeZone: "UTC" },
      attendees: [{ ...(booking.attendee ?? { name: "Ada Booker", email: "ada@booker.example" }), timeZone: "Europe/London", language: { locale: "en" } }],
      metadata: booking.ref ? { ref: booking.ref, videoCallUrl: "https://cal.example/video/x" } : { videoCallUrl: "https://cal.example/video/x" },
      ...(booking.rescheduleUid ? { rescheduleUid: booking.rescheduleUid } : {}),
      ...(booking.rescheduledToUid !== undefined ? { rescheduledToUid: booking.rescheduledToUid } : {}),
      status: triggerEvent === "BOOKING_CANCELLED" ? "CANCELLED" : "ACCEPTED",
    },
  });
}

export function calSignature(secret: string, body: string) {
  return crypto.createHmac("sha256", secret).update(body).digest("hex");
}
