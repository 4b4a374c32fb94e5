import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { listOrFail, readOrFail, saveRecord } from "~/server/records.server";
import { teamMemberForm as teamForm } from "~/server/admin-records.server";
import { trashRecord } from "~/server/trash.server";
import type { DbHandle } from "~/server/db/client.server";
import { adminListTeam, getTeamMember } from "~/server/queries/team.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

const member = { name: "Ada Byron", position: "Automation Lead", linkedinUrl: "", displayOrder: "3", imageUrl: "", active: "on" };

/** The parts of a `data(...)` answer a page reads. */
function answer(result: unknown) {
  const { data: body, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status, body: body as { toast: { title: string; description: string; variant: string }; values?: Record<string, string> } };
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
  // A real database failure on demand: a trigger that refuses every write to the team table.
  await handle.db.execute(
    sql`create function studio_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable (test)'; end $$`,
  );
});
afterEach(async () => {
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on team_members`);
});
afterAll(async () => {
  await handle.close();
});

const refuseWrites = () =>
  handle.db.execute(
    sql`create trigger studio_test_refuse before insert or update or delete on team_members for each row execute function studio_test_refuse()`,
  );

describe(`admin writes when the database fails (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a failed save answers 503 with the 'Error saving …' toast and every typed value", async () => {
    await refuseWrites();
    const { status, body } = answer(await saveRecord(handle.db, null, form(member), teamForm));
    expect(status).toBe(503);
    expect(body.toast).toMatchObject({
      title: "Error saving team member",
      description: "The team member could not be saved. Please try again.",
      variant: "destructive",
    });
    expect(body.values).toMatchObject({ name: "Ada Byron", position: "Automation Lead", displayOrder: "3", active: "on" });
    expect(await adminListTeam(handle.db)).toEqual([]);
  });

  it("saves and redirects to the list once the database accepts writes again", async () => {
    const result = await saveRecord(handle.db, null, form(member), teamForm);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("location")).toBe("/admin/team");
    expect((await adminListTeam(handle.db)).map((m) => m.name)).toContain("Ada Byron");
  });

  it("a failed update keeps the typed values too, and leaves the stored record as it was", async () => {
    const [saved] = await adminListTeam(handle.db);
    await refuseWrites();
    const { status, body } = answer(await saveRecord(handle.db, saved!.id, form({ ...member, name: "Ada Lovelace" }), teamForm));
    expect(status).toBe(503);
    expect(body.values?.name).toBe("Ada Lovelace");
    expect((await getTeamMember(handle.db, saved!.id))?.name).toBe("Ada Byron");
  });

  it("a failed delete answers 503 with the 'Error deleting …' toast and keeps the record", async () => {
    const [saved] = await adminListTeam(handle.db);
    await refuseWrites();
    const { status, body } = answer(await trashRecord(handle.db, "team-member", form({ intent: "delete", id: saved!.id })));
    expect(status).toBe(503);
    expect(body.toast).toMatchObject({ title: "Error deleting team member", description: "The team member could not be deleted. Please try again." });
    expect(await getTeamMember(handle.db, saved!.id)).not.toBeNull();
  });

  it("deletes once the database accepts writes, then reports the record as gone", async () => {
    const [saved] = await adminListTeam(handle.db);
    const deleteForm = form({ intent: "delete", id: saved!.id });
    expect(await trashRecord(handle.db, "team-member", deleteForm)).toMatchObject({ toast: { title: "Team member deleted" } });
    const { status, body } = answer(await trashRecord(handle.db, "team-member", deleteForm));
    expect(status).toBe(404);
    expect(body.toast.description).toBe("The team member no longer exists.");
  });

  it("a failed read becomes a 503 carrying the 'Error loading …' toast title", async () => {
    const failing = readOrFail("Team member", () => handle.db.execute(sql`select * from studio_no_such_table`));
    await expect(failing).rejects.toMatchObject({
      data: { toastTitle: "Error loading team member", message: "The team member could not be loaded. Please try again." },
      init: { status: 503 },
    });
    await expect(readOrFail("Team member", () => adminListTeam(handle.db))).resolves.toEqual([]);
  });

  it("a list that cannot be read gives no records and the 'Error fetching …' toast, then reads again once the table is back", async () => {
    const readTeam = () => listOrFail("Error fetching team members", "The team could not be loaded. Please try again.", () => adminListTeam(handle.db));
    await saveRecord(handle.db, null, form(member), teamForm);
    await handle.db.execute(sql`alter table team_members rename to studio_test_team_away`);
    try {
      expect(await readTeam()).toMatchObject({
        items: [],
        error: { title: "Error fetching team members", description: "The team could not be loaded. Please try again.", variant: "destructive" },
      });
    } finally {
      await handle.db.execute(sql`alter table studio_test_team_away rename to team_members`);
    }
    const again = await readTeam();
    expect(again.error).toBeNull();
    expect(again.items.map((m) => m.name)).toEqual(["Ada Byron"]);
  });
});
