import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "../support/test-db";
import { answer, form } from "../support/action-answer";
import type { DbHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { withAuditContext } from "~/server/admin/audit.server";
import { startJobQueue, stopJobQueue } from "~/server/jobs/jobs.server";
import { leadAction } from "~/server/leads/lead-actions.server";
import { createLead } from "~/server/leads/lead-queries.server";
import { updateSettings } from "~/server/site/settings.server";

/**
 * 'Won' and 'Lost' reach the CRM webhook as signed state events (docs/decisions/0054), through the
 * pg-boss queue to a real HTTP receiver on 127.0.0.1: 'Won' with the deal's value and currency,
 * 'Lost' with the reason, each with its own X-Webhook-Id; a refused 'Won' sends nothing.
 */
const SECRET = "outcome-webhook-secret";
const ADMIN = { id: "crm-admin", name: "Cora CRM", email: "cora@studio.test", role: "admin", emailVerified: true, twoFactorEnabled: false };

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let server: http.Server;
let handle: DbHandle;

beforeAll(async () => {
  handle = await freshTestDatabase();
  await handle.db.insert(users).values(ADMIN);
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await startJobQueue({ handle, webhook: { url, secret: SECRET, retryDelaySeconds: 1, retries: 2 }, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobQueue();
  await new Promise((resolve) => server.close(resolve));
  await handle.close();
});

const newLead = async (name: string) =>
  (
    await createLead(handle.db, {
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@client.test`,
      company: "Deal Co",
      message: "Automate our quotes",
      beforeFigures: null,
      afterFigures: null,
      source: null,
    })
  ).id;

const act = async (fields: Record<string, string>) =>
  answer(await withAuditContext(null, () => leadAction(handle.db, ADMIN, form(fields)), { id: ADMIN.id, email: ADMIN.email }));

/** The state events the receiver got for a lead, each checked against its signature. */
function eventsOf(id: string) {
  return received
    .filter((r) => String(r.headers["x-webhook-id"]).startsWith(`${id}.`))
    .map((r) => {
      const timestamp = String(r.headers["x-signature-timestamp"]);
      const expected = `sha256=${crypto.createHmac("sha256", SECRET).update(`${timestamp}.${r.body}`).digest("hex")}`;
      expect(r.headers["x-signature"]).toBe(expected);
      return JSON.parse(r.body) as { event: string; at: string; lead: Record<string, unknown> };
    });
}

describe("the CRM webhook hears how a lead ended", () => {
  it("'Won' is a signed lead.won event with the deal's value and the settings' currency", async () => {
    await updateSettings(handle.db, { currency: "EUR" }, null);
    const id = await newLead("Wanda Winner");
    expect(await act({ intent: "status", id, status: "qualified" })).toMatchObject({ status: 200 });
    expect(await act({ intent: "won", id, value: "12,500.50" })).toMatchObject({ status: 200 });

    await expect.poll(() => eventsOf(id).length, { timeout: 20_000 }).toBe(1);
    const [won] = eventsOf(id);
    expect(won).toMatchObject({
      event: "lead.won",
      at: expect.any(String) as unknown,
      lead: { id, email: "wanda@client.test", status: "won", previousStatus: "qualified", meetingAt: null, deal: { value: "12500.50", currency: "EUR" } },
    });
    expect(won!.lead).not.toHaveProperty("lostReason");
  });

  it("'Lost' is a signed lead.lost event with the reason; each event has its own id", async () => {
    const id = await newLead("Larry Lost");
    expect(await act({ intent: "lost", id, reason: "Chose an in-house team" })).toMatchObject({ status: 200 });
    expect(await act({ intent: "won", id, value: "900" })).toMatchObject({ status: 200 });

    await expect.poll(() => eventsOf(id).length, { timeout: 20_000 }).toBe(2);
    const events = eventsOf(id).sort((a, b) => a.event.localeCompare(b.event));
    expect(events).toMatchObject([
      { event: "lead.lost", lead: { status: "lost", previousStatus: "new", lostReason: "Chose an in-house team" } },
      { event: "lead.won", lead: { status: "won", previousStatus: "lost", deal: { value: "900", currency: "EUR" } } },
    ]);
    expect(events[0]!.lead).not.toHaveProperty("deal");
    const ids = received.filter((r) => String(r.headers["x-webhook-id"]).startsWith(`${id}.`)).map((r) => r.headers["x-webhook-id"]);
    expect(new Set(ids).size).toBe(2);
  });

  it("a refused 'Won' (no value) sends nothing", async () => {
    const id = await newLead("Nora Novalue");
    expect(await act({ intent: "won", id, value: "" })).toMatchObject({ status: 400 });
    // A later event of another lead arrives after anything this one would have queued.
    const marker = await newLead("Mark Marker");
    await act({ intent: "lost", id: marker, reason: "Timing" });
    await expect.poll(() => eventsOf(marker).length, { timeout: 20_000 }).toBe(1);
    expect(eventsOf(id)).toEqual([]);
  });
});
