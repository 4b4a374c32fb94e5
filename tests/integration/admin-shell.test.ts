import { describe, expect, it } from "vitest";
import { fileDatabase } from "../support/file-database";
import { post } from "../support/post-input";
import { users } from "~/server/db/schema.server";
import { reorderRecords } from "~/server/site/display-order.server";
import { createPost } from "~/server/posts/post-writes.server";
import { dashboardFigures, recentLeads, recentPosts, shellCounts } from "~/server/admin/admin-shell-queries.server";
import { createLead, setLeadHandled } from "~/server/leads/lead-queries.server";
import { adminListTeam, createTeamMember, listActiveTeam } from "~/server/site/team-queries.server";
import { moveToTrash } from "~/server/trash/trash-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const handle = fileDatabase();

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return body;
}

const lead = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@client.test`,
  company: "Co",
  message: "Hi",
  beforeFigures: null,
  afterFigures: null,
  source: null,
});

describe(`the back-office figures (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("count posts by state, leave the trash out, and count leads of the last 7 days, new leads and waiting accounts", async () => {
    const before = await dashboardFigures(handle.db);
    const counts = await shellCounts(handle.db);
    const day = 24 * 60 * 60 * 1000;
    await createPost(handle.db, post({ published: true, publishedAt: new Date(Date.now() - day) }), []);
    await createPost(handle.db, post({ published: true, publishedAt: new Date(Date.now() + day) }), []);
    const draft = await createPost(handle.db, post({ published: false, title: "A draft for the dashboard" }), []);
    const trashed = await createPost(handle.db, post({ published: false }), []);
    await moveToTrash(handle.db, "post", [trashed.id]);
    const first = await createLead(handle.db, lead("Ada"));
    await createLead(handle.db, lead("Grace"));
    await setLeadHandled(handle.db, first.id, true);
    await handle.db.insert(users).values([
      { id: "shell-admin", name: "A", email: "shell-admin@studio.test", role: "admin", emailVerified: true },
      { id: "shell-user", name: "U", email: "shell-user@studio.test", role: "user", emailVerified: true },
    ]);

    const after = await dashboardFigures(handle.db);
    expect(after.published - before.published).toBe(1);
    expect(after.scheduled - before.scheduled).toBe(1);
    expect(after.drafts - before.drafts).toBe(1);
    expect(after.leadsThisWeek - before.leadsThisWeek).toBe(2);
    expect(after.waitingAccounts - before.waitingAccounts).toBe(1);
    // A lead marked as handled is no longer new.
    expect(await shellCounts(handle.db)).toEqual({ newLeads: counts.newLeads + 1, waitingAccounts: counts.waitingAccounts + 1 });
    // A week later, these leads are no longer of the last 7 days.
    const later = await dashboardFigures(handle.db, new Date(Date.now() + 8 * day));
    expect(later.leadsThisWeek).toBe(after.leadsThisWeek - 2);

    // The newest post not in the trash comes first; at most 5.
    expect((await recentPosts(handle.db, 1)).map((p) => p.id)).toEqual([draft.id]);
    for (let i = 0; i < 4; i += 1) await createPost(handle.db, post({ published: false }), []);
    expect(await recentPosts(handle.db)).toHaveLength(5);
    const leads = await recentLeads(handle.db);
    expect(leads.slice(0, 2).map((l) => [l.name, l.isNew])).toEqual([
      ["Grace", true],
      ["Ada", false],
    ]);
  });
});

describe("saving the display order", () => {
  it("saves the new order changing as few numbers as it can; the public team follows; bad input is a 400, unknown ids a 404", async () => {
    const member = (name: string, displayOrder: number) =>
      createTeamMember(handle.db, { name, position: "p", photoUrl: null, linkedinUrl: null, displayOrder, active: true });
    const a = await member("Order A", 1);
    const b = await member("Order B", 2);
    const c = await member("Order C", 3);
    const result = await reorderRecords(handle.db, "team-member", form({ intent: "reorder", ids: [c.id, a.id, b.id] }));
    expect(result).toMatchObject({ ok: true, toast: { title: "Order saved" } });
    expect((await adminListTeam(handle.db)).filter((m) => m.name.startsWith("Order ")).map((m) => [m.name, m.displayOrder])).toEqual([
      ["Order C", 1],
      ["Order A", 2],
      ["Order B", 3],
    ]);
    // Moving one up one place swaps two numbers only.
    const other = await member("Order D", 40);
    await reorderRecords(handle.db, "team-member", form({ intent: "reorder", ids: [c.id, b.id, a.id, other.id] }));
    expect((await adminListTeam(handle.db)).filter((m) => m.name.startsWith("Order ")).map((m) => [m.name, m.displayOrder])).toEqual([
      ["Order C", 1],
      ["Order B", 2],
      ["Order A", 3],
      ["Order D", 40],
    ]);
    expect((await listActiveTeam(handle.db)).map((m) => m.name).filter((n) => n.startsWith("Order "))).toEqual(["Order C", "Order B", "Order A", "Order D"]);

    const duplicate = (await reorderRecords(handle.db, "team-member", form({ intent: "reorder", ids: [a.id, a.id] }))) as unknown as {
      init: { status: number };
    };
    expect(duplicate.init.status).toBe(400);
    const gone = (await reorderRecords(handle.db, "team-member", form({ intent: "reorder", ids: ["00000000-0000-4000-8000-000000000000"] }))) as unknown as {
      init: { status: number };
    };
    expect(gone.init.status).toBe(404);
  });
});
