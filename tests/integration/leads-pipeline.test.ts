import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/server/db/schema.server";
import { migrateDatabase, pgliteExtensions, type DbHandle } from "~/server/db/client.server";
import { addLeadNote, createLead, leadsPage, setLeadHandled, setLeadStatus, getLead, type LeadInput } from "~/server/leads/lead-queries.server";
import { leadWithTimeline } from "~/server/leads/lead-timeline.server";
import { fileDatabase } from "../support/file-database";

const handle = fileDatabase();

const lead = (name: string, company = "Pipeline Co"): LeadInput => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
  company,
  message: "Automate our reporting",
  beforeFigures: null,
  afterFigures: null,
  source: null,
});

describe("the lead pipeline", () => {
  it("pages 25 at a time, searches name, e-mail and company, and counts each status under the search", async () => {
    // Newest first: each lead a little after the one before (two in the same instant have no order).
    for (let i = 0; i < 27; i++) {
      await createLead(handle.db, lead(`Paged ${String(i).padStart(2, "0")}`, "Pagerco"));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const other = await createLead(handle.db, lead("Someone Else", "Elsewhere"));

    const first = await leadsPage(handle.db, { q: "pagerco", status: "all" }, 1);
    expect(first.total).toBe(27);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.name).toBe("Paged 26");
    const second = await leadsPage(handle.db, { q: "pagerco", status: "all" }, 2);
    expect(second.items.map((l) => l.name)).toEqual(["Paged 01", "Paged 00"]);
    // A page past the end shows the last page.
    expect((await leadsPage(handle.db, { q: "pagerco", status: "all" }, 9)).page).toBe(2);

    expect((await leadsPage(handle.db, { q: "someone.else@", status: "all" }, 1)).items.map((l) => l.id)).toEqual([other.id]);
    // LIKE wildcards in the search match themselves.
    expect((await leadsPage(handle.db, { q: "%", status: "all" }, 1)).total).toBe(0);

    const [a, b] = first.items;
    await setLeadStatus(handle.db, a!.id, "won");
    await setLeadStatus(handle.db, b!.id, "lost");
    const counts = (await leadsPage(handle.db, { q: "pagerco", status: "won" }, 1)).counts;
    expect(counts).toEqual({ all: 27, new: 25, contacted: 0, qualified: 0, booked: 0, held: 0, won: 1, lost: 1 });
    expect((await leadsPage(handle.db, { q: "pagerco", status: "won" }, 1)).items.map((l) => l.name)).toEqual(["Paged 26"]);
  });

  it("maps 'Mark as handled' onto the statuses and derives handled from the status", async () => {
    const { id } = await createLead(handle.db, lead("Handled Hal"));
    expect(await getLead(handle.db, id)).toMatchObject({ status: "new", handled: false });
    await setLeadHandled(handle.db, id, true);
    expect(await getLead(handle.db, id)).toMatchObject({ status: "contacted", handled: true });
    await setLeadStatus(handle.db, id, "qualified");
    // Already past 'new': marking it handled keeps its status.
    await setLeadHandled(handle.db, id, true);
    expect(await getLead(handle.db, id)).toMatchObject({ status: "qualified", handled: true });
    await setLeadHandled(handle.db, id, false);
    expect(await getLead(handle.db, id)).toMatchObject({ status: "new", handled: false });
    await expect(handle.db.execute(sql`update leads set status = 'maybe' where id = ${id}`)).rejects.toThrow();
  });

  it("keeps notes with their author as they were, oldest first, and drops them with the lead", async () => {
    const { id } = await createLead(handle.db, lead("Noted Nia", "Notes Inc"));
    const author = { id: "user-1", name: "Ada Admin", email: "ada@studio.test" };
    await addLeadNote(handle.db, { leadId: id, author, body: "First call" });
    await addLeadNote(handle.db, { leadId: id, author: { ...author, name: "Ada A." }, body: "Second call" });
    expect(await addLeadNote(handle.db, { leadId: "00000000-0000-4000-8000-000000000000", author, body: "x" })).toBeNull();
    const { timeline } = (await leadWithTimeline(handle.db, id))!;
    const notes = timeline.flatMap((entry) => (entry.kind === "note" ? [[entry.by.name, entry.by.email, entry.body]] : []));
    expect(notes).toEqual([
      ["Ada Admin", "ada@studio.test", "First call"],
      ["Ada A.", "ada@studio.test", "Second call"],
    ]);
    await handle.db.delete(schema.leads).where(sql`${schema.leads.id} = ${id}`);
    expect(
      await handle.db
        .select()
        .from(schema.leadNotes)
        .where(sql`${schema.leadNotes.leadId} = ${id}`),
    ).toEqual([]);
  });
});

describe("the pipeline-leads migration", () => {
  it("turns leads marked handled before the pipeline into 'Contacted' and keeps the others 'New'", async () => {
    // The migrations up to the one before the pipeline, then a handled and an unhandled lead, then the rest.
    const all = path.resolve(import.meta.dirname, "../../drizzle");
    const journal = JSON.parse(fs.readFileSync(path.join(all, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const before = journal.entries.findIndex((e) => e.tag.endsWith("_pipeline-leads"));
    expect(before).toBeGreaterThan(0);
    const partial = fs.mkdtempSync(path.join(os.tmpdir(), "studio-migrations-"));
    fs.cpSync(all, partial, { recursive: true });
    fs.writeFileSync(path.join(partial, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));

    const client = await PGlite.create({ extensions: await pgliteExtensions() });
    const old: DbHandle = {
      db: drizzle(client, { schema }),
      kind: "pglite",
      location: "memory",
      vacuum: async () => {},
      close: async () => client.close(),
    };
    try {
      await migrateDatabase(old, partial);
      await client.exec(
        `insert into leads (name, email, company, message, handled) values ('Old Handled', 'h@example.com', 'H', 'x', true), ('Old New', 'n@example.com', 'N', 'x', false)`,
      );
      await migrateDatabase(old, all);
      const rows = await client.query<{ name: string; status: string; handled: boolean }>("select name, status, handled from leads order by name");
      expect(rows.rows).toEqual([
        { name: "Old Handled", status: "contacted", handled: true },
        { name: "Old New", status: "new", handled: false },
      ]);
    } finally {
      await old.close();
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }, 120_000);
});
