import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { startSmtp } from "../support/smtp";
import { freshTestDatabase } from "../support/test-db";

/**
 * The CRM webhook through the pg-boss queue, against a real HTTP receiver on 127.0.0.1: signed
 * POSTs, retries with backoff (1 s base here, set through the queue's settings), a queue restart
 * between attempts, 'Retry' after the last attempt failed, and two workers sharing the queue.
 */

let handle: DbHandle;
// The studio's mail goes through the app's own sendMail to a real SMTP server.
const smtp = await startSmtp();
process.env.SMTP_URL = smtp.url;
const mails = smtp.mails;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

const { JobQueue, startJobQueue, stopJobQueue, jobQueue } = await import("~/server/jobs/jobs.server");
const { receiveLead } = await import("~/server/leads/lead-intake.server");
const { getLead, addLeadNote } = await import("~/server/leads/lead-queries.server");
const { applySchedulerEvent } = await import("~/server/scheduler/booking-events.server");
const { parseDelivery } = await import("~/server/scheduler/payload.server");
const { schedulerDelivery } = await import("../support/scheduler-fixtures");

type Received = { headers: http.IncomingHttpHeaders; body: string; status: number };
const received: Received[] = [];
/** The status the receiver answers the next requests with (then 200). */
let failures: number[] = [];
let server: http.Server;
let url: string;
const SECRET = "test-webhook-secret";

beforeAll(async () => {
  handle = await freshTestDatabase();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = failures.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
});

afterAll(async () => {
  await stopJobQueue();
  await new Promise((resolve) => server.close(resolve));
  await handle.close();
  await smtp.close();
});

beforeEach(() => {
  failures = [];
});

const settings = () => ({ handle, webhook: { url, secret: SECRET, retryDelaySeconds: 1, retries: 3 }, pollingIntervalSeconds: 0.5 });

let ip = 0;
async function sendLead(name: string, attribution = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, email: "ada@example.com", company: "Engines Ltd", message: "Investor reporting", source: "contact" }))
    form.set(k, v);
  form.set("beforeTime", "40");
  form.set("beforeErrorRate", "5");
  form.set("beforeCost", "1000");
  const result = await receiveLead(form, `10.1.0.${++ip}`, attribution);
  expect(result).toMatchObject({ outcome: "stored" });
  const [row] = (await handle.db.query.leads.findMany({ where: (l, { eq }) => eq(l.name, name) })) as { id: string }[];
  return row!.id;
}

const forLead = (id: string) => received.filter((r) => r.headers["x-webhook-id"] === id);
const lead = async (id: string) => (await getLead(handle.db, id))!;

describe("the CRM webhook", () => {
  it("POSTs a new lead as signed JSON with its attribution (no notes), and mails the studio from the same queue", async () => {
    await startJobQueue(settings());
    const id = await sendLead("Signed Sam", {
      landingPage: "/blog/invoices",
      convertedOn: "/audit",
      referrer: "chatgpt.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      answerEngine: "chatgpt",
    });
    await addLeadNote(handle.db, { leadId: id, author: { id: "u1", name: "Admin", email: "admin@studio.test" }, body: "secret internal note" });

    await expect.poll(() => forLead(id).length, { timeout: 20_000 }).toBe(1);
    const [request] = forLead(id);
    const timestamp = String(request!.headers["x-signature-timestamp"]);
    const expected = `sha256=${crypto.createHmac("sha256", SECRET).update(`${timestamp}.${request!.body}`).digest("hex")}`;
    expect(request!.headers["x-signature"]).toBe(expected);
    expect(request!.headers["content-type"]).toBe("application/json");
    const payload = JSON.parse(request!.body) as { event: string; lead: Record<string, unknown> };
    expect(payload.event).toBe("lead.created");
    expect(payload.lead).toMatchObject({
      id,
      name: "Signed Sam",
      email: "ada@example.com",
      beforeFigures: { time: "40", errorRate: "5", cost: "1000" },
      afterFigures: { time: "4.8", errorRate: "0.5", cost: "150" },
      attribution: {
        landingPage: "/blog/invoices",
        convertedOn: "/audit",
        referrer: "chatgpt.com",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "spring",
        answerEngine: "ChatGPT",
      },
    });
    expect(request!.body).not.toContain("secret internal note");
    await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 10_000 }).toBe("delivered");
    await expect.poll(() => mails.some((m) => m.subject.includes("Signed Sam")), { timeout: 10_000 }).toBe(true);
  });

  it("retries with backoff: a receiver that fails twice gets the lead on the third try", async () => {
    failures = [500, 503];
    const id = await sendLead("Third Try Tess");
    await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 40_000 }).toBe("delivered");
    expect(forLead(id).map((r) => r.status)).toEqual([500, 503, 200]);
    expect(await lead(id)).toMatchObject({ webhookAttempts: 3, webhookLastError: null });
  }, 60_000);

  it("loses nothing when the queue restarts between attempts", async () => {
    failures = [500];
    const id = await sendLead("Restart Rita");
    await expect.poll(async () => (await lead(id)).webhookAttempts, { timeout: 20_000 }).toBe(1);
    expect(await lead(id)).toMatchObject({ webhookStatus: "pending", webhookLastError: "The CRM answered 500 Internal Server Error" });

    // The process goes away with the retry waiting in the database; a new one starts on the same database.
    const before = jobQueue();
    await stopJobQueue();
    expect(jobQueue()).toBeUndefined();
    const after = await startJobQueue(settings());
    expect(after).not.toBe(before);

    await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 30_000 }).toBe("delivered");
    expect(forLead(id).map((r) => r.status)).toEqual([500, 200]);
  });

  it("marks the delivery failed with the last error after the last retry, and 'Retry' queues it again", async () => {
    failures = [500, 500, 500, 502];
    const id = await sendLead("Failing Fred");
    await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 60_000 }).toBe("failed");
    expect(await lead(id)).toMatchObject({ webhookAttempts: 4, webhookLastError: "The CRM answered 502 Bad Gateway" });

    expect(await jobQueue()!.retryWebhook(handle.db, id)).toBe(true);
    await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 20_000 }).toBe("delivered");
    expect(await lead(id)).toMatchObject({ webhookAttempts: 5, webhookLastError: null });
  }, 90_000);

  it("delivers each lead once when two processes' workers share the queue", async () => {
    const second = await new JobQueue(settings()).start();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await sendLead(`Shared Shay ${i}`));
      for (const id of ids) await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 20_000 }).toBe("delivered");
      for (const id of ids) expect(forLead(id)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it("carries each step of a booked call to the CRM as a signed state event, leaving the lead's own delivery as it was", async () => {
    if (!jobQueue()) await startJobQueue(settings());
    const id = await sendLead("Booked Bo");
    await expect.poll(async () => (await lead(id)).webhookStatus, { timeout: 20_000 }).toBe("delivered");
    const [row] = (await handle.db.query.leads.findMany({ where: (l, { eq }) => eq(l.id, id) })) as { bookingRef: string }[];
    const step = async (event: string, booking: Parameters<typeof schedulerDelivery>[1]) => {
      const parsed = parseDelivery(schedulerDelivery(event, { ...booking, ref: row!.bookingRef }), "ref");
      if (parsed.kind !== "event") throw new Error("not an event");
      return applySchedulerEvent(parsed.event);
    };
    await step("BOOKING_CREATED", { uid: "crm-bo-1", start: "2026-12-08T10:00:00Z" });
    await step("BOOKING_RESCHEDULED", { uid: "crm-bo-2", start: "2026-12-09T10:00:00Z", rescheduleUid: "crm-bo-1" });
    await step("MEETING_ENDED", { uid: "crm-bo-2", start: "2026-12-09T10:00:00Z" });

    const events = () => received.filter((r) => String(r.headers["x-webhook-id"]).startsWith(`${id}.`));
    await expect.poll(() => events().length, { timeout: 20_000 }).toBe(3);
    const payloads = events().map((r) => JSON.parse(r.body) as { event: string; lead: Record<string, unknown> });
    expect(payloads.map((p) => [p.event, p.lead.previousStatus, p.lead.status, p.lead.meetingAt]).sort()).toEqual([
      ["lead.booked", "new", "booked", "2026-12-08T10:00:00.000Z"],
      ["lead.call-held", "booked", "held", "2026-12-09T10:00:00.000Z"],
      ["lead.rescheduled", "booked", "booked", "2026-12-09T10:00:00.000Z"],
    ]);
    for (const request of events()) {
      const timestamp = String(request.headers["x-signature-timestamp"]);
      expect(request.headers["x-signature"]).toBe(`sha256=${crypto.createHmac("sha256", SECRET).update(`${timestamp}.${request.body}`).digest("hex")}`);
    }
    expect(new Set(events().map((r) => r.headers["x-webhook-id"])).size).toBe(3);
    expect(await lead(id)).toMatchObject({ webhookStatus: "delivered", webhookAttempts: 1, status: "held" });
  });
});
