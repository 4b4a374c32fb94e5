import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, ne, sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { listOrFail, readOrFail, saveRecord } from "~/server/site/records.server";
import { teamMemberForm as teamForm } from "~/server/site/admin-records.server";
import { trashRecord } from "~/server/trash/trash.server";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { sessions, users } from "~/server/db/schema.server";
import { adminListTeam, getTeamMember } from "~/server/site/team-queries.server";
import { readSettings } from "~/server/site/settings.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

// The route actions below use the app's database: this file's.
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));
const signInScreen = await import("~/routes/admin/auth");
const accountPage = await import("~/routes/admin/account");
const settingsPage = await import("~/routes/admin/settings");

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

const member = { name: "Ada Byron", position: "Automation Lead", linkedinUrl: "", displayOrder: "3", imageUrl: "", active: "on" };

/** The parts of a `data(...)` answer a page reads. */
function answer(result: unknown) {
  const { data: body, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return {
    status: init?.status,
    body: body as { ok?: boolean; toast: { title: string; description: string; variant: string }; values?: Record<string, string>; setup?: unknown },
  };
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
  // A real database failure on demand: a trigger that refuses every write to the team table.
  await handle.db.execute(
    sql`create function studio_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable (test)'; end $$`,
  );
});
/** The tables a test below makes refuse writes. */
const REFUSING = ["team_members", "sessions", "users", "verifications", "two_factors", "site_settings"] as const;
afterEach(async () => {
  for (const table of REFUSING) await handle.db.execute(sql.raw(`drop trigger if exists studio_test_refuse on ${table}`));
});
afterAll(async () => {
  await handle.close();
});

/** A real database failure on demand: every (or the given) write to a table fails. */
const refuseWrites = (table: (typeof REFUSING)[number] = "team_members", writes = "insert or update or delete") =>
  handle.db.execute(sql.raw(`create trigger studio_test_refuse before ${writes} on ${table} for each row execute function studio_test_refuse()`));

/** A table the database cannot find while `run` runs: reads fail too. */
async function withTableAway<T>(table: string, run: () => Promise<T>): Promise<T> {
  await handle.db.execute(sql.raw(`alter table ${table} rename to studio_test_away`));
  try {
    return await run();
  } finally {
    await handle.db.execute(sql.raw(`alter table studio_test_away rename to ${table}`));
  }
}

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

const BASE = "http://localhost:3000";
const EMAIL = "owner@studio.test";
const PASSWORD = "failures-test-password-1";

/** Calls a route's action with a same-origin form post, as the page's form sends it. */
function post(route: { action: (args: never) => unknown }, path: string, fields: Record<string, string>, cookie = "", ip = "10.6.0.1") {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-client-ip": ip });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return Promise.resolve(route.action({ request, params: {}, context: {} } as never));
}
const auth = (fields: Record<string, string>, cookie = "") => post(signInScreen, "/admin/auth", fields, cookie);
const account = (fields: Record<string, string>) => post(accountPage, "/admin/account", fields, adminCookie);

/** The session cookie of a redirect that signed in. */
function sessionCookie(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A 503 with the screen's destructive toast: what every admin action answers when the database fails. */
function expectUnavailable(result: unknown, title: string, description: string) {
  const { status, body } = answer(result);
  expect(status).toBe(503);
  expect(body.ok).toBe(false);
  expect(body.toast).toMatchObject({ title, description, variant: "destructive" });
  return body;
}

let adminCookie = "";
/** A second signed-in device of the admin, for signing out and for 'Sign out' of one session. */
let otherCookie = "";

describe(`the sign-in screen, the account page and the settings when the database fails (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  beforeAll(async () => {
    // The first account of the site is its admin; its address is confirmed here instead of by mail.
    await auth({ intent: "sign-up", email: EMAIL, password: PASSWORD });
    const [owner] = await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL)).returning({ role: users.role });
    expect(owner?.role).toBe("admin");
    adminCookie = sessionCookie(await auth({ intent: "sign-in", email: EMAIL, password: PASSWORD }));
    otherCookie = sessionCookie(await auth({ intent: "sign-in", email: EMAIL, password: PASSWORD }));
  });

  it("sign-in: 503 'Authentication error', what was typed kept, the password never sent back", async () => {
    await refuseWrites("sessions", "insert");
    const body = expectUnavailable(
      await auth({ intent: "sign-in", email: EMAIL, password: PASSWORD }),
      "Authentication error",
      "You could not be signed in. Please try again.",
    );
    expect(body.values).toEqual({ intent: "sign-in", email: EMAIL });
  });

  it("sign-up: 503, and no account is made", async () => {
    await refuseWrites("users", "insert");
    const result = await auth({ intent: "sign-up", email: "new@studio.test", password: PASSWORD });
    expectUnavailable(result, "Authentication error", "The account could not be created. Please try again.");
    expect(await handle.db.select().from(users).where(eq(users.email, "new@studio.test"))).toEqual([]);
  });

  it("'Forgot password?': 503", async () => {
    await refuseWrites("verifications");
    expectUnavailable(await auth({ intent: "forgot", email: EMAIL }), "Authentication error", "The reset link could not be sent. Please try again.");
  });

  it("a new password from a reset link: 503", async () => {
    const result = await withTableAway("verifications", () => auth({ intent: "reset", password: "failures-new-password-2", token: "a-reset-token" }));
    expectUnavailable(result, "Authentication error", "The password could not be changed. Please try again.");
  });

  it("the two-factor code and sign-out: 503 when the auth API cannot reach its tables (its rate limiter throws)", async () => {
    const [code, out] = await withTableAway("rate_limits", async () => [
      await auth({ intent: "two-factor", method: "totp", code: "123456" }),
      await auth({ intent: "sign-out" }, otherCookie),
    ]);
    expectUnavailable(code, "Authentication error", "The code could not be checked. Please try again.");
    expectUnavailable(out, "Authentication error", "You could not be signed out. Please try again.");
  });

  it("account, two-factor set-up: 503 'Account error' at either step, and the second keeps the QR code", async () => {
    await refuseWrites("two_factors");
    expectUnavailable(await account({ intent: "enable", password: PASSWORD }), "Account error", "Two-factor sign-in could not be set up. Please try again.");
    await handle.db.execute(sql`drop trigger studio_test_refuse on two_factors`);
    const started = (await account({ intent: "enable", password: PASSWORD })) as { setup: { totpURI: string } };
    const result = await withTableAway("two_factors", () => account({ intent: "verify", totpURI: started.setup.totpURI, code: "123456" }));
    const body = expectUnavailable(result, "Account error", "Two-factor sign-in could not be turned on. Please try again.");
    expect(body.setup).toMatchObject({ totpURI: started.setup.totpURI });
  });

  it("account, turning two-factor sign-in off: 503", async () => {
    await refuseWrites("users", "update");
    expectUnavailable(
      await account({ intent: "disable", password: PASSWORD }),
      "Account error",
      "Two-factor sign-in could not be turned off. Please try again.",
    );
  });

  it("account, signing out one session or all others: 503, and both stay signed in", async () => {
    const [current] = await handle.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token, decodeURIComponent(adminCookie.split("=")[1]!).split(".")[0]!));
    const [other] = await handle.db.select({ id: sessions.id }).from(sessions).where(ne(sessions.id, current!.id));
    await refuseWrites("sessions", "delete");
    expectUnavailable(
      await account({ intent: "revoke-session", sessionId: other!.id }),
      "Account error",
      "The session could not be signed out. Please try again.",
    );
    expectUnavailable(await account({ intent: "revoke-other-sessions" }), "Account error", "The other sessions could not be signed out. Please try again.");
    expect(await handle.db.select({ id: sessions.id }).from(sessions)).toHaveLength(2);
  });

  it("settings: 503 'Error saving settings' (not a 200), the stored settings unchanged; saved once the database is back", async () => {
    await refuseWrites("site_settings");
    const result = await post(settingsPage, "/admin/settings", { requireTwoFactor: "on" }, adminCookie);
    const body = expectUnavailable(result, "Error saving settings", "The settings could not be saved. Please try again.");
    expect(body.values).toEqual({ requireTwoFactor: "on" });
    expect(await readSettings(handle.db)).toEqual({ allowSignUp: true, requireTwoFactor: false, currency: "USD", bookingReminderHours: 24 });
    await handle.db.execute(sql`drop trigger studio_test_refuse on site_settings`);
    const saved = await post(settingsPage, "/admin/settings", { allowSignUp: "on" }, adminCookie);
    expect(saved).toMatchObject({ ok: true, toast: { title: "Settings saved", description: "Nothing changed." } });
  });
});
