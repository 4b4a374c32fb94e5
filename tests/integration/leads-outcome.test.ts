import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshTestDatabase } from "../support/test-db";
import type { DbHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { withAuditContext } from "~/server/admin/audit.server";
import { leadAction } from "~/server/leads/lead-actions.server";
import { createLead, getLead } from "~/server/leads/lead-queries.server";
import { leadPane } from "~/server/leads/lead-timeline.server";
import { updateSettings } from "~/server/site/settings.server";
import { answer, form } from "../support/action-answer";

/* 'Won' with the deal's value in the settings' currency, 'Lost' with a reason: stored on the lead, on its timeline, refused without them. */

const ADMIN = { id: "outcome-admin", name: "Otto Outcome", email: "otto@studio.test", role: "admin", emailVerified: true, twoFactorEnabled: false };

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
  await handle.db.insert(users).values(ADMIN);
});
afterAll(async () => {
  await handle.close();
});

const newLead = (name: string) =>
  createLead(handle.db, {
    name,
    email: "deal@client.test",
    company: "Deal Co",
    message: "Automate our quotes",
    beforeFigures: null,
    afterFigures: null,
    source: null,
  });

/** The action's answer as the page reads it: status and body. */
const act = async (fields: Record<string, string>) =>
  answer(await withAuditContext(null, () => leadAction(handle.db, ADMIN, form(fields)), { id: ADMIN.id, email: ADMIN.email }));

describe("the expected value of an open lead (the pipeline)", () => {
  it("is kept in the settings' currency, changed, cleared, and starts no status change; each save is in the audit log", async () => {
    await updateSettings(handle.db, { currency: "USD" }, null);
    const { id } = await newLead("Penny Pipeline");
    expect(await act({ intent: "expected", id, value: "8,000" })).toMatchObject({
      status: 200,
      body: { ok: true, toast: { title: "Expected value saved", description: "The lead is expected to be worth $8,000.00." } },
    });
    expect(await getLead(handle.db, id)).toMatchObject({ status: "new", expectedValue: "8000.00", expectedCurrency: "USD" });
    const pane = await leadPane(handle.db, id);
    expect(pane).toMatchObject({ state: "open", lead: { expectedValue: "8000.00", expectedCurrency: "USD" } });
    await act({ intent: "expected", id, value: "9500.25" });
    expect(await getLead(handle.db, id)).toMatchObject({ expectedValue: "9500.25" });
    expect(await act({ intent: "expected", id, value: "" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getLead(handle.db, id)).toMatchObject({ status: "new", expectedValue: null, expectedCurrency: null });
    const entries = await handle.db.query.auditLog.findMany({ where: (a, { and, eq }) => and(eq(a.action, "lead.expected-value"), eq(a.targetId, id)) });
    expect(entries.map((e) => e.summary).sort()).toEqual([
      "Expected value of Penny Pipeline <deal@client.test>: $8,000.00",
      "Expected value of Penny Pipeline <deal@client.test>: $9,500.25",
      "Expected value of Penny Pipeline <deal@client.test>: cleared",
    ]);
  });

  it("refuses a value that is not a positive amount, and any value on a closed lead, changing nothing", async () => {
    const { id } = await newLead("Ned Number");
    await act({ intent: "expected", id, value: "100" });
    // Hostile too: exponents, hex, words JavaScript reads as numbers, other scripts' digits, 10,000 nines.
    for (const value of ["lots", "-5", "0", "12.345", "2000000000", "1e5", "0x10", "Infinity", "NaN", "1.", "١٢٣", "9".repeat(10_000)]) {
      expect(await act({ intent: "expected", id, value }), value).toMatchObject({
        status: 400,
        body: { ok: false, errors: { value: expect.any(String) as unknown } },
      });
    }
    expect(await getLead(handle.db, id)).toMatchObject({ expectedValue: "100.00" });
    await act({ intent: "lost", id, reason: "Went with another studio" });
    expect(await act({ intent: "expected", id, value: "200" })).toMatchObject({ status: 409, body: { ok: false } });
    expect(await getLead(handle.db, id)).toMatchObject({ status: "lost", expectedValue: "100.00" });
  });
});

describe("closing a lead", () => {
  it("'Won' keeps the deal's value in the settings' currency and shows it on the lead and its timeline", async () => {
    await updateSettings(handle.db, { currency: "EUR" }, null);
    const { id } = await newLead("Winnie Won");
    const answer = await act({ intent: "won", id, value: "12,500.50" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, toast: { description: "The lead is now Won (€12,500.50)." } } });
    expect(await getLead(handle.db, id)).toMatchObject({ status: "won", dealValue: "12500.50", dealCurrency: "EUR", lostReason: null });
    const pane = await leadPane(handle.db, id);
    expect(pane).toMatchObject({ state: "open", currency: "EUR", lead: { dealValue: "12500.50", dealCurrency: "EUR" } });
    const steps = pane?.state === "open" ? pane.timeline.filter((entry) => entry.kind === "status") : [];
    expect(steps).toMatchObject([{ from: "new", to: "won", outcome: { value: "12500.50", currency: "EUR" } }]);
  });

  it("refuses 'Won' without a value, or with one that is not a positive amount, and changes nothing", async () => {
    const { id } = await newLead("Vic Value");
    for (const value of ["", "lots", "-5", "0", "12.345", "2000000000"]) {
      expect(await act({ intent: "won", id, value }), value).toMatchObject({
        status: 400,
        body: { ok: false, errors: { value: expect.any(String) as unknown } },
      });
    }
    expect(await getLead(handle.db, id)).toMatchObject({ status: "new", dealValue: null });
  });

  it("'Lost' keeps the reason (required); moving on from it clears what no longer holds", async () => {
    const { id } = await newLead("Lou Lost");
    expect(await act({ intent: "lost", id, reason: "  " })).toMatchObject({
      status: 400,
      body: { ok: false, errors: { reason: "Say why the lead was lost." } },
    });
    expect(await act({ intent: "lost", id, reason: "Chose an in-house team" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getLead(handle.db, id)).toMatchObject({ status: "lost", lostReason: "Chose an in-house team", dealValue: null });
    const pane = await leadPane(handle.db, id);
    const steps = pane?.state === "open" ? pane.timeline.filter((entry) => entry.kind === "status") : [];
    expect(steps).toMatchObject([{ to: "lost", outcome: { reason: "Chose an in-house team" } }]);

    await act({ intent: "status", id, status: "qualified" });
    expect(await getLead(handle.db, id)).toMatchObject({ status: "qualified", lostReason: null });
  });
});
