import { eq, sql } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";
import { startSmtp } from "../support/smtp";
import { serveAction } from "../support/route-server";
import { calSignature, schedulerDelivery } from "../support/scheduler-fixtures";

/**
 * The booking reminder (docs/decisions/0054) on a real pg-boss queue driven by pg-boss's own
 * TestClock: the clock jumps a day instead of the test waiting one. The mail goes through the
 * app's sendMail to a real SMTP server; the booking that cancels the reminder is a signed delivery
 * over real HTTP to POST /api/webhooks/scheduler.
 */
const SECRET = "scheduler-test-secret-0123456789";
process.env.SCHEDULER_WEBHOOK_SECRET = SECRET;
process.env.AUTH_SECRET = "an-auth-secret-for-the-reminder-tests-0123456789";
process.env.SCHEDULING_URL = "https://cal.example/studio/discovery";
const smtp = await startSmtp();
process.env.SMTP_URL = smtp.url;

let handle: DbHandle;
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

const { startJobQueue, stopJobQueue } = await import("~/server/jobs/jobs.server");
const { BOOKING_REMINDER_QUEUE, BOOKING_REMINDER_TASK, sendBookingReminder } = await import("~/server/leads/booking-reminder.server");
const { receiveLead } = await import("~/server/leads/lead-intake.server");
const { leadWithTimeline } = await import("~/server/leads/lead-timeline.server");
const { updateSettings } = await import("~/server/site/settings.server");
const { leads } = await import("~/server/db/schema.server");
const { action } = await import("~/routes/resources/scheduler-webhook");

const HOUR = 3600_000;
const clock = new TestClock(Date.now());
let server: Awaited<ReturnType<typeof serveAction>>;

beforeAll(async () => {
  handle = await freshTestDatabase();
  await startJobQueue({ handle, tasks: [BOOKING_REMINDER_TASK], pollingIntervalSeconds: 0.5, clock });
  server = await serveAction(action);
});
afterAll(async () => {
  await server.close();
  await stopJobQueue();
  await handle.close();
  await smtp.close();
});

let n = 0;
async function request(name: string) {
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@client.example`;
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, email, company: "Client Ltd", message: "Our month-end close" })) form.set(k, v);
  const result = await receiveLead(form, `10.12.0.${++n}`);
  if (result.outcome !== "stored" || !result.bookingRef) throw new Error("lead not stored");
  const [row] = await handle.db.select().from(leads).where(eq(leads.bookingRef, result.bookingRef));
  return { ...row!, email };
}

type JobRow = { state: string; start_after: Date; data: { leadId: string; at: string } };
async function job(id: string | null): Promise<JobRow | undefined> {
  const result: unknown = await handle.db.execute(sql`select state, start_after, data from pgboss.job where name = ${BOOKING_REMINDER_QUEUE} and id = ${id}`);
  return (result as { rows: JobRow[] }).rows[0];
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

/** Moves pg-boss's clock on by `ms` and lets its workers poll once at the new time. */
async function later(ms: number) {
  await clock.setTime(clock.now() + ms);
  await clock.tick(1_000);
}

async function book(ref: string, uid: string) {
  const body = schedulerDelivery("BOOKING_CREATED", { uid, start: "2026-12-10T10:00:00Z", ref });
  const response = await fetch(`${server.url}/api/webhooks/scheduler`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(SECRET, body) },
    body,
  });
  expect(response.status).toBe(200);
}

describe("the booking reminder", () => {
  it("is queued after an audit request, for the set time after it, its job id kept on the lead", async () => {
    const lead = await request("Queued Quinn");
    expect(lead.reminderJobId).toEqual(expect.any(String));
    const queued = await job(lead.reminderJobId);
    expect(queued).toMatchObject({ state: "created", data: { leadId: lead.id } });
    const due = new Date(queued!.start_after).getTime();
    expect(due - clock.now()).toBeGreaterThan(23.9 * HOUR);
    expect(due - clock.now()).toBeLessThanOrEqual(24 * HOUR);
    expect(lead.reminderSentAt).toBeNull();
  });

  it("mails the lead the one-click booking link once when no booking came in time, and the timeline shows it", async () => {
    const lead = await request("Waiting Wren");
    await later(23 * HOUR);
    expect(mailsTo(lead.email)).toEqual([]);
    expect((await job(lead.reminderJobId))?.state).toBe("created");

    await later(HOUR + 60_000);
    await expect.poll(() => mailsTo(lead.email).length, { timeout: 15_000 }).toBe(1);
    const [mail] = mailsTo(lead.email);
    expect(mail!.subject).toBe("Book your strategy call with Flowstate");
    const link = new URL(/https:\/\/cal\.example\/\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe("/studio/discovery");
    expect(link.searchParams.get("metadata[ref]")).toBe(lead.bookingRef);
    expect(link.searchParams.get("name")).toBe("Waiting Wren");
    expect(link.searchParams.get("email")).toBe(lead.email);
    await expect.poll(async () => (await job(lead.reminderJobId))?.state, { timeout: 10_000 }).toBe("completed");

    const [stored] = await handle.db.select({ sentAt: leads.reminderSentAt }).from(leads).where(eq(leads.id, lead.id));
    expect(stored!.sentAt!.getTime()).toBeGreaterThanOrEqual(new Date(lead.createdAt).getTime() + 24 * HOUR);
    const timeline = (await leadWithTimeline(handle.db, lead.id))!.timeline;
    expect(timeline.filter((entry) => entry.kind === "reminder")).toEqual([{ kind: "reminder", at: stored!.sentAt }]);

    // The job run again (a retry, another process) sends nothing more.
    const data = (await job(lead.reminderJobId))!.data;
    expect(await sendBookingReminder(handle.db, data, new Date(clock.now()))).toBe("not-needed");
    await later(HOUR);
    expect(mailsTo(lead.email)).toHaveLength(1);
  });

  it("sends nothing, and the job is cancelled, when a signed booking arrives first", async () => {
    const lead = await request("Booking Bea");
    await later(2 * HOUR);
    await book(lead.bookingRef!, "bk-reminder-bea");
    const [after] = await handle.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ status: "booked", reminderJobId: null, reminderSentAt: null });
    expect((await job(lead.reminderJobId))?.state).toBe("cancelled");

    await later(24 * HOUR);
    expect(mailsTo(lead.email)).toEqual([]);
    // Even run anyway (fetched as the booking arrived), the job finds the booking and sends nothing.
    const data = (await job(lead.reminderJobId))!.data;
    expect(await sendBookingReminder(handle.db, data, new Date(clock.now()))).toBe("not-needed");
    expect(mailsTo(lead.email)).toEqual([]);
  });

  it("queues nothing while the setting is Off", async () => {
    await updateSettings(handle.db, { bookingReminderHours: 0 }, null);
    try {
      const lead = await request("Quiet Quentin");
      expect(lead.reminderJobId).toBeNull();
      const jobs: unknown = await handle.db.execute(sql`select id from pgboss.job where name = ${BOOKING_REMINDER_QUEUE} and data->>'leadId' = ${lead.id}`);
      expect((jobs as { rows: unknown[] }).rows).toEqual([]);
      await later(100 * HOUR);
      expect(mailsTo(lead.email)).toEqual([]);
    } finally {
      await updateSettings(handle.db, { bookingReminderHours: 24 }, null);
    }
  });

  it("follows the setting's hours, and a run before the due time sends nothing", async () => {
    await updateSettings(handle.db, { bookingReminderHours: 2 }, null);
    try {
      const lead = await request("Early Ezra");
      const queued = (await job(lead.reminderJobId))!;
      expect(new Date(queued.start_after).getTime() - clock.now()).toBeLessThanOrEqual(2 * HOUR);
      expect(await sendBookingReminder(handle.db, queued.data, new Date(clock.now() + HOUR))).toBe("not-due");
      await later(2 * HOUR + 60_000);
      await expect.poll(() => mailsTo(lead.email).length, { timeout: 15_000 }).toBe(1);
    } finally {
      await updateSettings(handle.db, { bookingReminderHours: 24 }, null);
    }
  });
});
