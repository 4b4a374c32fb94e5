import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";
import { serveAction } from "../support/route-server";
import { calSignature, schedulerDelivery, type BookingFixture } from "../support/scheduler-fixtures";

/**
 * POST /api/webhooks/scheduler over real HTTP with signed Cal.com-shaped fixtures of every event:
 * each moves the lead once, a replay changes nothing, a missing or wrong signature is a 401 that
 * changes nothing, an oversized body a 413; a cancellation takes the lead back to its earlier
 * status; a booking without a lead creates one with the visit's attribution.
 */
const SECRET = "scheduler-test-secret-0123456789";
process.env.SCHEDULER_WEBHOOK_SECRET = SECRET;
process.env.AUTH_SECRET = "an-auth-secret-for-the-scheduler-tests-0123456789";

let handle: DbHandle;
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

const { action } = await import("~/routes/resources/scheduler-webhook");
const { receiveLead } = await import("~/server/leads/lead-intake.server");
const { getLead, setLeadStatus } = await import("~/server/leads/lead-queries.server");
const { leadWithTimeline } = await import("~/server/leads/lead-timeline.server");
const { visitRef } = await import("~/server/scheduler/reference.server");
const { auditLog, leads, schedulerDeliveries } = await import("~/server/db/schema.server");

let server: Awaited<ReturnType<typeof serveAction>>;
beforeAll(async () => {
  handle = await freshTestDatabase();
  server = await serveAction(action);
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

async function post(body: string, headers: Record<string, string> = { "x-cal-signature-256": calSignature(SECRET, body) }) {
  const response = await fetch(`${server.url}/api/webhooks/scheduler`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: response.status, body: (await response.json()) as { ok: boolean; outcome?: string } };
}
const send = (event: string, booking: BookingFixture) => post(schedulerDelivery(event, booking));

let n = 0;
async function leadFromRequest(name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@client.example`,
    company: "Client Ltd",
    message: "Our month-end close",
  }))
    form.set(k, v);
  const result = await receiveLead(form, `10.9.0.${++n}`);
  if (result.outcome !== "stored" || !result.bookingRef) throw new Error("lead not stored");
  const [row] = await handle.db.select({ id: leads.id }).from(leads).where(eq(leads.bookingRef, result.bookingRef));
  return { id: row!.id, ref: result.bookingRef };
}

const lead = async (id: string) => (await getLead(handle.db, id))!;
async function bookingSteps(id: string) {
  const found = await leadWithTimeline(handle.db, id);
  return found!.timeline.flatMap((entry) => (entry.kind === "booking" ? [{ event: entry.event, to: entry.to, meetingAt: entry.meetingAt }] : []));
}
async function rows() {
  const [a] = await handle.db.select({ n: count() }).from(auditLog);
  const [d] = await handle.db.select({ n: count() }).from(schedulerDeliveries);
  const [l] = await handle.db.select({ n: count() }).from(leads);
  return { audit: a!.n, deliveries: d!.n, leads: l!.n };
}

describe("POST /api/webhooks/scheduler", () => {
  it("refuses a missing or wrong signature with 401 and changes nothing", async () => {
    const { id, ref } = await leadFromRequest("Unsigned Una");
    const body = schedulerDelivery("BOOKING_CREATED", { uid: "bk-unsigned", start: "2026-12-01T10:00:00Z", ref });
    const before = await rows();
    expect((await post(body, {})).status).toBe(401);
    expect((await post(body, { "x-cal-signature-256": calSignature("another-secret-altogether", body) })).status).toBe(401);
    expect((await post(body, { "x-cal-signature-256": "not-hex" })).status).toBe(401);
    // Signed, then altered on the way.
    expect((await post(body.replace("2026-12-01", "2026-12-02"), { "x-cal-signature-256": calSignature(SECRET, body) })).status).toBe(401);
    expect(await rows()).toEqual(before);
    expect(await lead(id)).toMatchObject({ status: "new", meetingAt: null });
  });

  it("refuses a body over 64 KB with 413", async () => {
    const before = await rows();
    const body = JSON.stringify({
      triggerEvent: "BOOKING_CREATED",
      payload: { uid: "bk-big", startTime: "2026-12-01T10:00:00Z", description: "x".repeat(70_000) },
    });
    expect((await post(body)).status).toBe(413);
    expect(await rows()).toEqual(before);
  });

  it("answers 200 to an event type it does not act on, and stores nothing", async () => {
    const before = await rows();
    expect(await send("BOOKING_REQUESTED", { uid: "bk-requested", start: "2026-12-01T10:00:00Z" })).toEqual({
      status: 200,
      body: { ok: true, outcome: "ignored" },
    });
    expect(await rows()).toEqual(before);
  });

  it("books, moves, cancels: the lead moves once per event, a replay changes nothing, the cancellation restores its earlier status", async () => {
    const { id, ref } = await leadFromRequest("Booking Bea");
    await setLeadStatus(handle.db, id, "qualified");

    const created = { uid: "bk-bea-1", start: "2026-12-03T15:00:00Z", ref };
    expect(await send("BOOKING_CREATED", created)).toEqual({ status: 200, body: { ok: true, outcome: "applied" } });
    expect(await lead(id)).toMatchObject({ status: "booked", meetingAt: new Date("2026-12-03T15:00:00Z") });
    const afterCreate = await rows();
    expect(await send("BOOKING_CREATED", created)).toEqual({ status: 200, body: { ok: true, outcome: "replay" } });
    expect(await rows()).toEqual(afterCreate);

    const moved = { uid: "bk-bea-2", start: "2026-12-04T09:30:00Z", ref, rescheduleUid: "bk-bea-1" };
    expect((await send("BOOKING_RESCHEDULED", moved)).body.outcome).toBe("applied");
    expect(await lead(id)).toMatchObject({ status: "booked", meetingAt: new Date("2026-12-04T09:30:00Z") });
    const afterMove = await rows();
    expect((await send("BOOKING_RESCHEDULED", moved)).body.outcome).toBe("replay");
    expect(await rows()).toEqual(afterMove);

    // The cancellation of the replaced booking, sent by the reschedule, moves nothing.
    expect((await send("BOOKING_CANCELLED", { uid: "bk-bea-1", start: "2026-12-03T15:00:00Z", ref })).body.outcome).toBe("no-booking");
    expect((await send("BOOKING_CANCELLED", { uid: "bk-bea-2", start: "2026-12-04T09:30:00Z", ref })).body.outcome).toBe("applied");
    expect(await lead(id)).toMatchObject({ status: "qualified", meetingAt: null });
    const afterCancel = await rows();
    expect((await send("BOOKING_CANCELLED", { uid: "bk-bea-2", start: "2026-12-04T09:30:00Z", ref })).body.outcome).toBe("replay");
    expect(await rows()).toEqual(afterCancel);

    // Each step once on the lead's timeline, with the time of the call.
    expect(await bookingSteps(id)).toEqual([
      { event: "lead.booked", to: "booked", meetingAt: "2026-12-03T15:00:00.000Z" },
      { event: "lead.rescheduled", to: "booked", meetingAt: "2026-12-04T09:30:00.000Z" },
      { event: "lead.booking-cancelled", to: "qualified", meetingAt: null },
    ]);
  });

  it("marks a held meeting 'Call held', once", async () => {
    const { id, ref } = await leadFromRequest("Held Hana");
    await send("BOOKING_CREATED", { uid: "bk-hana", start: "2026-12-05T11:00:00Z", ref });
    expect((await send("MEETING_ENDED", { uid: "bk-hana", start: "2026-12-05T11:00:00Z", ref })).body.outcome).toBe("applied");
    expect(await lead(id)).toMatchObject({ status: "held", meetingAt: new Date("2026-12-05T11:00:00Z") });
    const after = await rows();
    expect((await send("MEETING_ENDED", { uid: "bk-hana", start: "2026-12-05T11:00:00Z", ref })).body.outcome).toBe("replay");
    expect(await rows()).toEqual(after);
    expect((await bookingSteps(id)).map((s) => [s.event, s.to])).toEqual([
      ["lead.booked", "booked"],
      ["lead.call-held", "held"],
    ]);
    // A cancellation after the call leaves it held.
    expect((await send("BOOKING_CANCELLED", { uid: "bk-hana", start: "2026-12-05T11:00:00Z", ref })).body.outcome).toBe("no-booking");
    expect((await lead(id)).status).toBe("held");
  });

  it("creates a lead for a booking without one, carrying the visit's attribution from its reference", async () => {
    const attribution = {
      landingPage: "/blog/close-the-books",
      convertedOn: "/",
      referrer: "chatgpt.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "winter",
      answerEngine: "chatgpt",
      lastReferrer: "perplexity.ai",
      lastUtmSource: "linkedin",
      lastUtmMedium: "social",
      lastUtmCampaign: "spring",
      lastAnswerEngine: "perplexity",
    };
    const ref = visitRef(process.env.AUTH_SECRET!, attribution);
    const before = await rows();
    const answer = await send("BOOKING_CREATED", {
      uid: "bk-visit",
      start: "2026-12-06T08:00:00Z",
      ref,
      attendee: { name: "Vera Visitor", email: "vera@visit.example" },
    });
    expect(answer.body.outcome).toBe("applied");
    expect((await rows()).leads).toBe(before.leads + 1);
    const [created] = await handle.db.select().from(leads).where(eq(leads.email, "vera@visit.example"));
    expect(created).toMatchObject({ name: "Vera Visitor", source: "scheduler", status: "booked", meetingAt: new Date("2026-12-06T08:00:00Z"), ...attribution });

    // A forged reference (the attribution altered) is not trusted: the lead has none.
    const [version, , signature] = ref.split(".");
    const forged = `${version}.${Buffer.from(JSON.stringify([Math.floor(Date.now() / 1000), "/pricing", null, null, "spam", null, null])).toString("base64url")}.${signature}`;
    await send("BOOKING_CREATED", {
      uid: "bk-forged",
      start: "2026-12-06T09:00:00Z",
      ref: forged,
      attendee: { name: "Fred Forger", email: "fred@forged.example" },
    });
    const [fred] = await handle.db.select().from(leads).where(eq(leads.email, "fred@forged.example"));
    expect(fred).toMatchObject({ status: "booked", landingPage: null, utmSource: null, answerEngine: null });
  });

  it("answers 404 while SCHEDULER_WEBHOOK_SECRET is not set (the endpoint is off), whatever is sent", async () => {
    const key = Symbol.for("studio.config");
    const g = globalThis as Record<symbol, unknown>;
    const saved = g[key];
    delete process.env.SCHEDULER_WEBHOOK_SECRET;
    delete g[key];
    try {
      const before = await rows();
      expect((await send("BOOKING_CREATED", { uid: "bk-off", start: "2026-12-07T10:00:00Z" })).status).toBe(404);
      expect(await rows()).toEqual(before);
    } finally {
      process.env.SCHEDULER_WEBHOOK_SECRET = SECRET;
      g[key] = saved;
    }
  });
});
