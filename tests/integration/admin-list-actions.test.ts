import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import type { DbHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { changeAccount, markLead } from "~/server/admin/list-actions.server";
import { saveRecord } from "~/server/site/records.server";
import { teamMemberForm } from "~/server/site/admin-records.server";
import { createLead, listLeads } from "~/server/leads/lead-queries.server";
import { listAccounts } from "~/server/accounts/user-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

type Failure = {
  ok: false;
  errors: Record<string, string>;
  values: Record<string, string>;
  toast: { title: string; description: string; variant: string };
};

/** The parts of a `data(...)` answer a page reads. */
function answer(result: unknown) {
  const { data: body, init } = result as { data: Failure; init: { status?: number } | null };
  return { status: init?.status, body };
}

let handle: DbHandle;
let leadId: string;
const ADMIN = { id: "admin-account-1" };
const OTHER = "user-account-2";

beforeAll(async () => {
  handle = await freshTestDatabase();
  // A real database failure on demand: a trigger that refuses every write to a table.
  await handle.db.execute(
    sql`create function studio_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable (test)'; end $$`,
  );
  leadId = (
    await createLead(handle.db, {
      name: "Grace",
      email: "grace@client.test",
      company: "Navy",
      message: "Audit please",
      beforeFigures: null,
      afterFigures: null,
      source: null,
    })
  ).id;
  await handle.db.insert(users).values([
    { id: ADMIN.id, name: "Admin", email: "admin@studio.test", role: "admin", emailVerified: true },
    { id: OTHER, name: "Other", email: "other@studio.test", role: "user", emailVerified: true },
  ]);
});
afterEach(async () => {
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on leads`);
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on users`);
});
afterAll(async () => {
  await handle.close();
});

const refuseWrites = (table: "leads" | "users") =>
  handle.db.execute(
    sql.raw(`create trigger studio_test_refuse before insert or update or delete on ${table} for each row execute function studio_test_refuse()`),
  );

const roleOf = async (id: string) => (await listAccounts(handle.db)).find((a) => a.id === id)?.role;

describe(`leads and users actions through the form pipeline (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("'Mark as handled' answers 503 with the 'Error saving lead' toast when the write fails, and changes nothing", async () => {
    await refuseWrites("leads");
    const { status, body } = answer(await markLead(handle.db, form({ id: leadId, handled: "true" })));
    expect(status).toBe(503);
    expect(body.toast).toMatchObject({ title: "Error saving lead", description: "The lead could not be saved. Please try again.", variant: "destructive" });
    expect((await listLeads(handle.db))[0]?.handled).toBe(false);
  });

  it("'Mark as handled' works once the database accepts writes, and a lead that is gone is a 404", async () => {
    expect(await markLead(handle.db, form({ id: leadId, handled: "true" }))).toMatchObject({ ok: true, toast: { title: "Marked as handled" } });
    expect((await listLeads(handle.db))[0]?.handled).toBe(true);
    const { status, body } = answer(await markLead(handle.db, form({ id: "00000000-0000-4000-8000-000000000000", handled: "false" })));
    expect(status).toBe(404);
    expect(body.toast.description).toBe("The lead no longer exists.");
  });

  it("a malformed lead request is a 400 with field errors and the typed values", async () => {
    const { status, body } = answer(await markLead(handle.db, form({ id: "1 OR 1=1", handled: "maybe" })));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      errors: { id: "Unknown request.", handled: "Unknown request." },
      values: { id: "1 OR 1=1", handled: "maybe" },
      toast: { title: "Error saving lead", description: "Unknown request.", variant: "destructive" },
    });
  });

  it("granting, revoking or deleting an account answers 503 with the 'Error saving account' toast when the write fails", async () => {
    await refuseWrites("users");
    for (const intent of ["grant", "revoke", "delete"]) {
      const { status, body } = answer(await changeAccount(handle.db, ADMIN, form({ intent, id: OTHER })));
      expect(status, intent).toBe(503);
      expect(body.toast, intent).toMatchObject({
        title: "Error saving account",
        description: "The account could not be saved. Please try again.",
        variant: "destructive",
      });
    }
    expect(await roleOf(OTHER)).toBe("user");
  });

  it("account changes work once the database accepts writes; own account 400, last admin 409, bad intent 400 with field errors", async () => {
    expect(await changeAccount(handle.db, ADMIN, form({ intent: "grant", id: OTHER }))).toMatchObject({ ok: true, toast: { title: "Access granted" } });
    expect(await roleOf(OTHER)).toBe("admin");
    expect(answer(await changeAccount(handle.db, ADMIN, form({ intent: "revoke", id: ADMIN.id }))).status).toBe(400);
    expect(await changeAccount(handle.db, ADMIN, form({ intent: "revoke", id: OTHER }))).toMatchObject({ ok: true, toast: { title: "Access revoked" } });
    const lastAdmin = answer(await changeAccount(handle.db, { id: OTHER }, form({ intent: "delete", id: ADMIN.id })));
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.toast.description).toBe("The last admin cannot be deleted.");
    const { status, body } = answer(await changeAccount(handle.db, ADMIN, form({ intent: "promote", id: OTHER })));
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: { intent: "Unknown request." }, values: { intent: "promote", id: OTHER }, toast: { title: "Error saving account" } });
  });

  it("a record form with bad input answers 400 with every field message and the typed values", async () => {
    const typed = { name: "", position: "Analyst", displayOrder: "1.5", linkedinUrl: "javascript:alert(1)" };
    const { status, body } = answer(await saveRecord(handle.db, null, form(typed), teamMemberForm));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      errors: {
        name: "Name is required.",
        displayOrder: "Display Order must be a whole number.",
        linkedinUrl: "LinkedIn URL must be a full address starting with https://.",
      },
      values: typed,
      toast: { title: "Error saving team member", variant: "destructive" },
    });
  });
});
