import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";

let handle: DbHandle;
const sent: { to: string; subject: string; text: string }[] = [];

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));
vi.mock("~/server/mail.server", () => ({ sendMail: (mail: { to: string; subject: string; text: string }) => Promise.resolve(void sent.push(mail)) }));

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const { action } = await import("~/routes/resources/leads-api");
const { listLeads } = await import("~/server/queries/leads.server");

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const request = new Request("http://localhost:3000/api/leads", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", "x-client-ip": "10.0.0.1", ...headers },
  });
  return action({ request, params: {}, context: {} } as never);
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", company: "Engines Ltd", message: "Our weekly investor reporting" };

describe("POST /api/leads", () => {
  it("stores the lead with Before figures and server-computed After figures, then mails it", async () => {
    const response = await post({ ...valid, source: "contact", beforeTime: "40", beforeErrorRate: "x", beforeCost: "1000", afterTime: "999" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [lead] = await listLeads(handle.db);
    expect(lead).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Engines Ltd",
      source: "contact",
      beforeFigures: { time: "40", errorRate: "x", cost: "1000" },
      afterFigures: { time: "4.8", errorRate: "0.1", cost: "400" },
    });
    expect(sent.at(-1)?.text).toContain("Data processing time: 40 hours -> 4.8 hours");
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
