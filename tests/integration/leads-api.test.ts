import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { startSmtp } from "../support/smtp";
import { freshTestDatabase } from "../support/test-db";

let handle: DbHandle;
// The studio's mail goes through the app's own sendMail to a real SMTP server.
const smtp = await startSmtp();
process.env.SMTP_URL = smtp.url;
const sent = smtp.mails;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

beforeAll(async () => {
  handle = await freshTestDatabase();
  // The studio's mail goes out from the lead job queue, as on the server.
  await startJobQueue({ handle, webhook: undefined, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobQueue();
  await handle.close();
  await smtp.close();
});

const { startJobQueue, stopJobQueue } = await import("~/server/jobs/jobs.server");
const { action } = await import("~/routes/resources/leads-api");
const { listLeads } = await import("~/server/leads/lead-queries.server");
const { MAIL_QUEUE } = await import("~/server/jobs/jobs.server");

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const request = new Request("http://localhost:3000/api/leads", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", "x-client-ip": "10.0.0.1", ...headers },
  });
  return action({ request, params: {}, context: {} } as never);
}

/** Waits for a mail containing `text` (among all sent: the queue may send an earlier test's mail after this one's). */
async function expectMail(text: string) {
  try {
    await expect.poll(() => sent.map((mail) => mail.text).join("\n----\n"), { timeout: 20_000 }).toContain(text);
  } catch (error) {
    // What the queue did with the mail jobs, to tell a slow queue from a failed job.
    const jobs = await handle.db.execute(sql`select state, retry_count, created_on, started_on, output from pgboss.job where name = ${MAIL_QUEUE}`);
    throw new Error(`${(error as Error).message}\nmail jobs: ${JSON.stringify((jobs as { rows?: unknown }).rows)}`, { cause: error });
  }
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", company: "Engines Ltd", message: "Our weekly investor reporting" };

describe("POST /api/leads", () => {
  it("stores the lead with Before figures and server-computed After figures, then mails it", async () => {
    const response = await post({ ...valid, source: "contact", beforeTime: "40", beforeErrorRate: "x", beforeCost: "1000", afterTime: "999" });
    expect(response.status).toBe(200);
    // The lead's booking reference comes back for the dialog's booking link: opaque, not the lead's id.
    const answer = (await response.json()) as { ok: boolean; bookingRef: string; bookingUrl: string };
    expect(answer).toEqual({ ok: true, bookingRef: expect.stringMatching(/^l_[\w-]{22}$/) as unknown, bookingUrl: expect.any(String) as unknown });
    const booking = new URL(answer.bookingUrl);
    expect(booking.origin + booking.pathname).toBe("https://cal.com/flowstate/discovery");
    expect(Object.fromEntries(booking.searchParams)).toEqual({ "metadata[ref]": answer.bookingRef, name: "Ada Lovelace", email: "ada@example.com" });
    const [lead] = await listLeads(handle.db);
    expect(answer.bookingRef).not.toContain(lead!.id);
    expect(lead).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Engines Ltd",
      source: "contact",
      beforeFigures: { time: "40", errorRate: "x", cost: "1000" },
      afterFigures: { time: "4.8", errorRate: "0.1", cost: "150" },
    });
    await expectMail("Data processing time: 40 hours -> 4.8 hours");
  });

  it("answers a plain form post (the dialog's form without JavaScript) by handing it to the audit page with a 307, storing nothing itself", async () => {
    const before = (await listLeads(handle.db)).length;
    const response = await post({ ...valid, name: "No Script Nora" }, { accept: "text/html,application/xhtml+xml", "x-client-ip": "10.0.0.9" });
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/audit");
    expect((await listLeads(handle.db)).length).toBe(before);
  });

  it("answers 400 with a message per field and stores nothing", async () => {
    const before = (await listLeads(handle.db)).length;
    const response = await post({ name: " ", email: "nope", company: "", message: "hi" }, { "x-client-ip": "10.0.0.2" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(["company", "email", "message", "name"]);
    expect((await listLeads(handle.db)).length).toBe(before);
  });

  it("refuses other origins, ignores honeypot submissions and rate-limits each client", async () => {
    expect((await post(valid, { origin: "https://evil.example" })).status).toBe(403);
    const before = (await listLeads(handle.db)).length;
    const bot = await post({ ...valid, website: "http://spam.example" }, { "x-client-ip": "10.0.0.3" });
    expect(bot.status).toBe(200);
    expect((await listLeads(handle.db)).length).toBe(before);

    const client = { "x-client-ip": "10.0.0.4" };
    for (let i = 0; i < 5; i++) expect((await post(valid, client)).status).toBe(200);
    const limited = await post(valid, client);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await post(valid, { "x-client-ip": "10.0.0.5" })).status).toBe(200);
  });
});

const audit = await import("~/routes/site/audit");

/** A native form post to /audit, as a browser without JavaScript sends it. */
async function postAudit(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost:3000/audit?source=hero", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", ...headers },
  });
  return audit.action({ request, params: {}, context: {} } as never);
}

/** The status and body of an answer that renders the form again (a `data()` result). */
function refusal(result: unknown) {
  const { data, init } = result as { data: { message: string; errors: Record<string, string>; values: Record<string, string> }; init: ResponseInit };
  return { status: init.status, body: data, headers: new Headers(init.headers) };
}

describe("POST /audit (the audit form page, without JavaScript)", () => {
  it("stores the lead with its source, mails it and redirects to the confirmation", async () => {
    const result = await postAudit({ ...valid, name: "Grace Hopper", source: "hero" }, { "x-client-ip": "10.0.1.1" });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/audit?sent=1");
    const [lead] = await listLeads(handle.db);
    expect(lead).toMatchObject({ name: "Grace Hopper", email: "ada@example.com", source: "hero", beforeFigures: null });
    await expectMail("Grace Hopper");
  });

  it("answers 400 with a message per field and what was typed, and stores nothing", async () => {
    const before = (await listLeads(handle.db)).length;
    const { status, body, headers } = refusal(await postAudit({ name: "Grace", email: "nope", company: "", message: "hi" }, { "x-client-ip": "10.0.1.2" }));
    expect(status).toBe(400);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(body.errors).sort()).toEqual(["company", "email", "message"]);
    expect(body.values).toEqual({ name: "Grace", email: "nope", company: "", message: "hi" });
    expect((await listLeads(handle.db)).length).toBe(before);
  });

  it("keeps the honeypot, the origin check and the rate limit, which it shares with the dialog's endpoint", async () => {
    const before = (await listLeads(handle.db)).length;
    const bot = await postAudit({ ...valid, website: "http://spam.example" }, { "x-client-ip": "10.0.1.3" });
    expect((bot as Response).headers.get("location")).toBe("/audit?sent=1");
    expect((await listLeads(handle.db)).length).toBe(before);
    expect(refusal(await postAudit(valid, { origin: "https://evil.example" })).status).toBe(403);

    const client = { "x-client-ip": "10.0.1.4" };
    for (let i = 0; i < 3; i++) expect((await post(valid, client)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await postAudit(valid, client)) as Response).toBeInstanceOf(Response);
    const limited = refusal(await postAudit(valid, client));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many requests. Please try again in a few minutes.");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await post(valid, client)).status).toBe(429);
  });
});
