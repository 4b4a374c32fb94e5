import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import type { DbHandle } from "~/server/db/client.server";
import { auditLog, blogPosts, users } from "~/server/db/schema.server";
import { auditPage, purgeAuditLog, readAuditFilters, recordAudit, withAuditContext, type AuditActor } from "~/server/admin/audit.server";
import { createAuth, type Auth } from "~/server/accounts/auth.server";
import { savePost } from "~/server/posts/post-save.server";
import { restoreRecords, trashRecord } from "~/server/trash/trash.server";
import { leadAction } from "~/server/leads/lead-actions.server";
import { changeAccount } from "~/server/admin/list-actions.server";
import { updateSettings } from "~/server/site/settings.server";
import { createLead } from "~/server/leads/lead-queries.server";
import type { Mail } from "~/server/core/mail.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
const BASE = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;

const ADMIN = { id: "audit-admin", name: "Audit Admin", email: "audit-admin@studio.test", role: "admin", emailVerified: true, twoFactorEnabled: false };
const OTHER = { id: "audit-other", name: "Other", email: "audit-other@studio.test", role: "user", emailVerified: true };
const actor: AuditActor = { id: ADMIN.id, email: ADMIN.email };

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

/** Runs a write as the test's admin, the way the admin layout's middleware and requireAdmin do it. */
function asAdmin<T>(fn: () => Promise<T>) {
  const request = new Request(`${BASE}/admin/blog`, { headers: { "x-client-ip": "203.0.113.7", "x-request-id": "req-test-1" } });
  return withAuditContext(request, fn, actor);
}

const entriesFor = (targetId: string) => handle.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);

beforeAll(async () => {
  handle = await freshTestDatabase();
  auth = createAuth({ db: handle.db, baseURL: BASE, secret: process.env.AUTH_SECRET, mailer: (mail) => Promise.resolve(void mails.push(mail)) });
  await handle.db.insert(users).values([ADMIN, OTHER]);
});
afterEach(async () => {
  await handle.db.execute(sql`drop trigger if exists studio_test_refuse on audit_log`);
});
afterAll(async () => {
  await handle.close();
});

describe(`the audit log records every kind of write once (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a post's creation, then its publication with a new slug: one entry each, who, what and the changed fields", async () => {
    const draft = { intent: "save", title: "Audit draft", slug: "audit-draft", category: "Automation", excerpt: "x", content: "Body." };
    await asAdmin(() => savePost(handle.db, null, form(draft)));
    const [row] = await handle.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, "audit-draft"));
    let entries = await entriesFor(row!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "post.create",
      actorId: ADMIN.id,
      actorEmail: ADMIN.email,
      targetType: "post",
      targetLabel: "Audit draft",
      ip: "203.0.113.7",
      requestId: "req-test-1",
    });
    expect(entries[0]!.summary).toContain("draft");

    await asAdmin(() => savePost(handle.db, row!.id, form({ ...draft, slug: "audit-published", published: "on", version: "1" })));
    entries = await entriesFor(row!.id);
    expect(entries).toHaveLength(2);
    const publish = entries[1]!;
    expect(publish.action).toBe("post.publish");
    expect(publish.summary).toContain('slug "audit-draft" → "audit-published"');
    expect(publish.before).toMatchObject({ published: false, slug: "audit-draft" });
    expect(publish.after).toMatchObject({ published: true, slug: "audit-published" });
    // Only changed fields: the untouched title is in neither side.
    expect(publish.before).not.toHaveProperty("title");
  });

  it("a failed audit write inside the save's transaction stores neither the post nor the entry", async () => {
    await handle.db.execute(
      sql`create or replace function studio_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'storage unavailable (test)'; end $$`,
    );
    await handle.db.execute(sql`create trigger studio_test_refuse before insert on audit_log for each row execute function studio_test_refuse()`);
    const result = await asAdmin(() =>
      savePost(handle.db, null, form({ intent: "save", title: "Never stored", slug: "never-stored", category: "Automation", excerpt: "x", content: "Body." })),
    );
    expect((result as { init: { status: number } }).init.status).toBe(503);
    expect(await handle.db.select().from(blogPosts).where(eq(blogPosts.slug, "never-stored"))).toHaveLength(0);
  });

  it("moving to the trash and restoring: one entry each", async () => {
    await asAdmin(() =>
      savePost(handle.db, null, form({ intent: "save", title: "Trash me", slug: "audit-trash-me", category: "Automation", excerpt: "x", content: "Body." })),
    );
    const [row] = await handle.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, "audit-trash-me"));
    await asAdmin(() => trashRecord(handle.db, "post", form({ intent: "delete", id: row!.id })));
    await asAdmin(() => restoreRecords(handle.db, "post", form({ intent: "restore", ids: [row!.id] })));
    const entries = await entriesFor(row!.id);
    expect(entries.map((e) => e.action)).toEqual(["post.create", "trash.move", "trash.restore"]);
    expect(entries[1]!.summary).toBe('Moved post "Trash me" to the trash');
    expect(entries[2]!.actorEmail).toBe(ADMIN.email);
  });

  it("a lead's status: before → after", async () => {
    const lead = await createLead(handle.db, {
      name: "Grace",
      email: "grace@client.test",
      company: "Navy",
      message: "Audit please",
      beforeFigures: null,
      afterFigures: null,
      source: null,
    });
    await leadAction(handle.db, { ...ADMIN, role: "admin" }, form({ intent: "status", id: lead.id, status: "qualified" }));
    const entries = await entriesFor(lead.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "lead.status", actorEmail: ADMIN.email, before: { status: "new" }, after: { status: "qualified" } });
    expect(entries[0]!.summary).toBe("Status of Grace <grace@client.test>: New → Qualified");
  });

  it("a role change ('Grant admin'), in the same transaction, by the admin who made it", async () => {
    await changeAccount(handle.db, { id: ADMIN.id, email: ADMIN.email }, form({ id: OTHER.id, intent: "grant" }));
    const entries = await entriesFor(OTHER.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "user.grant-admin",
      actorId: ADMIN.id,
      targetLabel: OTHER.email,
      before: { role: "user" },
      after: { role: "admin" },
    });
    // Refused changes (the last-admin rule, oneself) write nothing.
    await changeAccount(handle.db, { id: OTHER.id, email: OTHER.email }, form({ id: OTHER.id, intent: "revoke" }));
    expect(await entriesFor(OTHER.id)).toHaveLength(1);
  });

  it("a settings change: what changed, and nothing when nothing did", async () => {
    await updateSettings(handle.db, { allowSignUp: false }, { id: ADMIN.id, email: ADMIN.email });
    await updateSettings(handle.db, { allowSignUp: false }, { id: ADMIN.id, email: ADMIN.email });
    let entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: ADMIN.email,
      before: { allowSignUp: true },
      after: { allowSignUp: false },
      summary: "allowSignUp: true → false",
    });
    await updateSettings(handle.db, { allowSignUp: true }, ADMIN.id);
    entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.actorEmail)).toEqual([ADMIN.email, ADMIN.email]);
  });
});

describe("sign-ins through better-auth's handler", () => {
  const call = (pathname: string, body: unknown, cookie?: string) => {
    const headers = new Headers({ "content-type": "application/json", origin: BASE, "x-client-ip": "198.51.100.4" });
    if (cookie) headers.set("cookie", cookie);
    return auth.handler(new Request(`${BASE}/api/auth${pathname}`, { method: "POST", headers, body: JSON.stringify(body) }));
  };
  const byEmail = (email: string) => handle.db.select().from(auditLog).where(eq(auditLog.actorEmail, email)).orderBy(auditLog.at);

  it("records a sign-in, a failed sign-in (the address tried, no password) and a sign-out", async () => {
    const email = "signer@studio.test";
    const password = "a-long-unusual-passphrase-42";
    expect((await call("/sign-up/email", { email, password, name: "Signer" })).status).toBe(200);
    const link = /http\S+verify-email\S+/.exec(mails.findLast((m) => m.to === email)!.text)![0];
    await auth.handler(new Request(link, { headers: { "x-client-ip": "198.51.100.4" } }));

    const wrong = await call("/sign-in/email", { email, password: "wrong-password-guess-99" });
    expect(wrong.status).toBe(401);
    const ok = await call("/sign-in/email", { email, password });
    expect(ok.status).toBe(200);
    const cookie = ok.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await call("/sign-out", {}, cookie)).status).toBe(200);

    const entries = await byEmail(email);
    expect(entries.map((e) => e.action)).toEqual(["auth.sign-up", "auth.email-verified", "auth.sign-in-failed", "auth.sign-in", "auth.sign-out"]);
    const failed = entries[2]!;
    expect(failed).toMatchObject({ actorId: null, ip: "198.51.100.4" });
    expect(failed.summary).toContain(email);
    expect(JSON.stringify(failed)).not.toContain("wrong-password-guess-99");
    const [account] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(entries[3]!.actorId).toBe(account!.id);
    expect(entries[4]!.actorId).toBe(account!.id);
  });

  it("records a failed sign-in of an address that has no account", async () => {
    await call("/sign-in/email", { email: "nobody-here@studio.test", password: "whatever-password-1" });
    const entries = await byEmail("nobody-here@studio.test");
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe("auth.sign-in-failed");
  });
});

describe("append-only, kept a year", () => {
  it("refuses to change or delete an entry younger than a year, whatever the code path", async () => {
    await recordAudit(handle.db, { actor, action: "tag.create", target: { type: "tag", id: "guarded" }, summary: "guarded" });
    await expect(handle.db.update(auditLog).set({ summary: "edited" }).where(eq(auditLog.targetId, "guarded"))).rejects.toThrow();
    await expect(handle.db.delete(auditLog).where(eq(auditLog.targetId, "guarded"))).rejects.toThrow();
    expect((await entriesFor("guarded"))[0]!.summary).toBe("guarded");
  });

  it("the purge removes only what is older than a year, and a second run nothing", async () => {
    const now = Date.now();
    await handle.db.insert(auditLog).values([
      { at: new Date(now - 400 * DAY), action: "tag.create", targetId: "old-400", summary: "old" },
      { at: new Date(now - 364 * DAY), action: "tag.create", targetId: "young-364", summary: "young" },
    ]);
    expect(await purgeAuditLog(handle.db, new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await entriesFor("old-400")).toHaveLength(0);
    expect(await entriesFor("young-364")).toHaveLength(1);
    expect(await purgeAuditLog(handle.db, new Date(now))).toBe(0);
  });
});

describe("the screen's filters and pages", () => {
  it("filters by person, type and dates, 25 a page, newest first", async () => {
    const person = { id: "pager", email: "pager@studio.test" };
    const base = Date.UTC(2026, 0, 10, 12);
    await handle.db.insert(auditLog).values(
      Array.from({ length: 30 }, (_, i) => ({
        at: new Date(base + i * DAY),
        actorId: person.id,
        actorEmail: person.email,
        action: i % 3 === 0 ? "redirect.create" : "tag.create",
        summary: `entry ${i}`,
      })),
    );
    const url = (query: string) => new URL(`${BASE}/admin/audit-log?${query}`);
    const first = await auditPage(handle.db, readAuditFilters(url("person=PAGER@studio")));
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.summary).toBe("entry 29");
    const second = await auditPage(handle.db, readAuditFilters(url("person=pager@studio.test&page=2")));
    expect(second.items.map((e) => e.summary)).toEqual(["entry 4", "entry 3", "entry 2", "entry 1", "entry 0"]);

    const redirects = await auditPage(handle.db, readAuditFilters(url("person=pager@&type=redirect")));
    expect(redirects.total).toBe(10);
    const oneAction = await auditPage(handle.db, readAuditFilters(url("person=pager@&type=tag.create")));
    expect(oneAction.total).toBe(20);

    // 2026-01-12 to 2026-01-14, both days included.
    const range = await auditPage(handle.db, readAuditFilters(url("person=pager@&from=2026-01-12&to=2026-01-14")));
    expect(range.items.map((e) => e.summary)).toEqual(["entry 4", "entry 3", "entry 2"]);

    // Nonsense in the URL means "any".
    expect(readAuditFilters(url("type=drop+table&from=2026-13-40&page=-3"))).toEqual({ person: "", type: "", from: "", to: "", page: 1 });
    const nobody = await auditPage(handle.db, readAuditFilters(url("person=no-such-person")));
    expect(nobody).toMatchObject({ total: 0, items: [], page: 1 });
    expect(
      await handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorEmail, person.email), eq(auditLog.action, "post.create"))),
    ).toHaveLength(0);
  });
});
