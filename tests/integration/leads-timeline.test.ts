import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import type { DbHandle } from "~/server/db/client.server";
import { auditLog, leadNotes, leads, users } from "~/server/db/schema.server";
import { withAuditContext } from "~/server/admin/audit.server";
import { leadAction } from "~/server/leads/lead-actions.server";
import { createLead, recordWebhookAttempt, type LeadInput } from "~/server/leads/lead-queries.server";
import { leadPane, leadWithTimeline } from "~/server/leads/lead-timeline.server";

/* A lead's timeline on /admin/leads: derived from the lead, its notes and the audit log's rows for it. */

const ADMIN = { id: "timeline-admin", name: "Tia Timeline", email: "tia@studio.test", role: "admin", emailVerified: true, twoFactorEnabled: false };

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
  await handle.db.insert(users).values(ADMIN);
});
afterAll(async () => {
  await handle.close();
});

const input = (name: string): LeadInput => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}@client.test`,
  company: "Timeline Co",
  message: "Automate our onboarding",
  beforeFigures: null,
  afterFigures: null,
  source: "pricing",
});

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

/** As the admin layout runs a write: an audit context naming the admin. */
const asAdmin = <T>(fn: () => Promise<T>) => withAuditContext(null, fn, { id: ADMIN.id, email: ADMIN.email });

const minutesAfter = (start: Date, n: number) => new Date(start.getTime() + n * 60_000);

describe("a lead's timeline", () => {
  it("lists the request, then status changes and CRM retries from the audit log in the order they happened, with notes between them", async () => {
    const { id, createdAt } = await createLead(handle.db, input("Olga Order"));
    // Written out of order, at set times: the timeline orders them by when they happened.
    await handle.db.insert(auditLog).values([
      {
        at: minutesAfter(createdAt, 30),
        actorId: ADMIN.id,
        actorEmail: ADMIN.email,
        action: "lead.status",
        targetType: "lead",
        targetId: id,
        summary: "s",
        before: { status: "contacted" },
        after: { status: "won" },
      },
      {
        at: minutesAfter(createdAt, 10),
        actorId: ADMIN.id,
        actorEmail: ADMIN.email,
        action: "lead.handled",
        targetType: "lead",
        targetId: id,
        summary: "s",
        after: { handled: true, status: "contacted" },
      },
      {
        at: minutesAfter(createdAt, 35),
        actorId: ADMIN.id,
        actorEmail: ADMIN.email,
        action: "lead.retry-webhook",
        targetType: "lead",
        targetId: id,
        summary: "s",
      },
      // Someone whose account is gone: named by the address the log kept.
      {
        at: minutesAfter(createdAt, 40),
        actorId: "gone",
        actorEmail: "gone@studio.test",
        action: "lead.status",
        targetType: "lead",
        targetId: id,
        summary: "s",
        before: { status: "won" },
        after: { status: "lost" },
      },
      // Not part of the timeline: the note's own audit row (the note is read from its table) and another lead's change.
      { at: minutesAfter(createdAt, 20), actorEmail: ADMIN.email, action: "lead.note", targetType: "lead", targetId: id, summary: "s", after: { note: "x" } },
      {
        at: minutesAfter(createdAt, 5),
        actorEmail: ADMIN.email,
        action: "lead.status",
        targetType: "lead",
        targetId: crypto.randomUUID(),
        summary: "s",
        before: { status: "new" },
        after: { status: "won" },
      },
    ]);
    await handle.db.insert(leadNotes).values({
      leadId: id,
      authorId: ADMIN.id,
      authorName: ADMIN.name,
      authorEmail: ADMIN.email,
      body: "Budget approved",
      createdAt: minutesAfter(createdAt, 20),
    });

    const { timeline } = (await leadWithTimeline(handle.db, id))!;
    expect(
      timeline.map((entry) =>
        entry.kind === "status" ? `${entry.via}: ${entry.from ?? "?"} → ${entry.to} by ${entry.by.name ?? entry.by.email}` : entry.kind,
      ),
    ).toEqual([
      "request",
      "handled: ? → contacted by Tia Timeline",
      "note",
      "status: contacted → won by Tia Timeline",
      "retry",
      "status: won → lost by gone@studio.test",
    ]);
    expect(timeline[0]).toMatchObject({ kind: "request", at: createdAt, source: "pricing" });
  });

  it("shows what the screen's actions record (a status change, a note, 'Mark as not handled'), then where the CRM delivery stands", async () => {
    const { id } = await createLead(handle.db, { ...input("Ada Actions"), webhookStatus: "pending" });
    await asAdmin(() => leadAction(handle.db, ADMIN, form({ intent: "status", id, status: "qualified" })));
    await asAdmin(() => leadAction(handle.db, ADMIN, form({ intent: "note", id, body: "Called them" })));
    await asAdmin(() => leadAction(handle.db, ADMIN, form({ id, handled: "false" })));
    await recordWebhookAttempt(handle.db, id, { status: "failed", attempts: 3, error: "The CRM answered 500" });

    const found = await leadWithTimeline(handle.db, id);
    expect(found!.lead).toMatchObject({ id, status: "new" });
    const kinds = found!.timeline.map((entry) => entry.kind);
    expect(kinds[0]).toBe("request");
    expect(kinds.at(-1)).toBe("delivery");
    expect(found!.timeline.filter((entry) => entry.kind === "status")).toMatchObject([
      { from: "new", to: "qualified", via: "status", by: { name: ADMIN.name, email: ADMIN.email } },
      { to: "new", via: "not-handled" },
    ]);
    expect(found!.timeline.find((entry) => entry.kind === "note")).toMatchObject({ body: "Called them", by: { name: ADMIN.name } });
    expect(found!.timeline.at(-1)).toMatchObject({ kind: "delivery", status: "failed", attempts: 3, error: "The CRM answered 500" });
  });

  it("has no delivery entry for a lead that came in without a CRM webhook, and none of another lead's entries", async () => {
    const { id } = await createLead(handle.db, input("Nora None"));
    expect((await leadWithTimeline(handle.db, id))!.timeline.map((entry) => entry.kind)).toEqual(["request"]);
  });

  it("answers 'missing' for an unknown or malformed id, and the lead with ISO dates otherwise", async () => {
    expect(await leadWithTimeline(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await leadPane(handle.db, "00000000-0000-4000-8000-000000000000")).toEqual({ state: "missing" });
    expect(await leadPane(handle.db, "not-an-id")).toEqual({ state: "missing" });
    const { id } = await createLead(handle.db, input("Iso Ida"));
    const [row] = await handle.db.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, id));
    const pane = await leadPane(handle.db, id.toUpperCase());
    expect(pane).toMatchObject({ state: "open", lead: { id, name: "Iso Ida", createdAt: row!.createdAt.toISOString() } });
    expect(pane?.state === "open" && pane.timeline[0]).toEqual({ kind: "request", at: row!.createdAt.toISOString(), source: "pricing" });
  });
});
