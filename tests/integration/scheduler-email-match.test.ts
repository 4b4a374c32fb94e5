import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";
import { serveAction } from "../support/route-server";
import { calSignature, schedulerDelivery, type BookingFixture } from "../support/scheduler-fixtures";

/**
 * A booking with no reference (made from an e-mail link or the scheduler's own page) whose
 * attendee's e-mail matches an open lead attaches to the newest such lead (docs/decisions/0054);
 * a Won or Lost lead's address, or none matching, still makes a new lead. Signed deliveries over
 * real HTTP to POST /api/webhooks/scheduler.
 */
const SECRET = "scheduler-test-secret-0123456789";
process.env.SCHEDULER_WEBHOOK_SECRET = SECRET;
process.env.AUTH_SECRET = "an-auth-secret-for-the-email-match-tests-0123456789";

let handle: DbHandle;
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

const { action } = await import("~/routes/resources/scheduler-webhook");
const { createLead, getLead, setLeadStatus } = await import("~/server/leads/lead-queries.server");
const { leads } = await import("~/server/db/schema.server");

let server: Awaited<ReturnType<typeof serveAction>>;
beforeAll(async () => {
  handle = await freshTestDatabase();
  server = await serveAction(action);
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

async function book(booking: BookingFixture) {
  const body = schedulerDelivery("BOOKING_CREATED", booking);
  const response = await fetch(`${server.url}/api/webhooks/scheduler`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(SECRET, body) },
    body,
  });
  expect(response.status).toBe(200);
}

async function lead(name: string, email: string) {
  const { id } = await createLead(handle.db, {
    name,
    email,
    company: "Client Ltd",
    message: "Invoices",
    beforeFigures: null,
    afterFigures: null,
    source: "hero",
  });
  return id;
}

async function leadCount() {
  const [row] = await handle.db.select({ n: count() }).from(leads);
  return row!.n;
}
const withEmail = (email: string) => handle.db.select().from(leads).where(eq(leads.email, email));

describe("a booking without a reference", () => {
  it("attaches to the newest open lead with the attendee's e-mail (any case) instead of making a new one", async () => {
    const older = await lead("Mia Match", "mia@match.example");
    const newer = await lead("Mia Match", "Mia@Match.example");
    await setLeadStatus(handle.db, newer, "qualified");
    const before = await leadCount();

    await book({ uid: "bk-match-1", start: "2026-12-11T10:00:00Z", attendee: { name: "Mia M.", email: "MIA@match.example" } });

    expect(await leadCount()).toBe(before);
    expect(await getLead(handle.db, newer)).toMatchObject({ status: "booked", meetingAt: new Date("2026-12-11T10:00:00Z") });
    expect(await getLead(handle.db, older)).toMatchObject({ status: "new", meetingAt: null });
  });

  it("makes a new lead when the only leads with that e-mail are Won or Lost", async () => {
    const won = await lead("Walt Won", "walt@closed.example");
    await setLeadStatus(handle.db, won, "won", { dealValue: "5000", dealCurrency: "USD" });
    const lost = await lead("Walt Won", "walt@closed.example");
    await setLeadStatus(handle.db, lost, "lost", { lostReason: "Budget" });
    const before = await leadCount();

    await book({ uid: "bk-match-2", start: "2026-12-12T10:00:00Z", attendee: { name: "Walt", email: "walt@closed.example" } });

    expect(await leadCount()).toBe(before + 1);
    const rows = await withEmail("walt@closed.example");
    expect(rows.map((row) => [row.source, row.status]).sort()).toEqual([
      ["hero", "lost"],
      ["hero", "won"],
      ["scheduler", "booked"],
    ]);
  });

  it("makes a new lead when no lead has that e-mail", async () => {
    const before = await leadCount();
    await book({ uid: "bk-match-3", start: "2026-12-13T10:00:00Z", attendee: { name: "Nell New", email: "nell@new.example" } });
    expect(await leadCount()).toBe(before + 1);
    expect(await withEmail("nell@new.example")).toMatchObject([{ source: "scheduler", status: "booked" }]);
  });
});
