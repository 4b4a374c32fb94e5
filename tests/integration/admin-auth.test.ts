import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";
import { callAuthEndpoint, createAuth, getSessionUser, type Auth } from "~/server/accounts/auth.server";
import { AUTH_RATE_LIMITS, rateLimitMessage } from "~/server/accounts/auth-config.server";
import { openDatabase } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { AccountRuleError, deleteAccount, listAccounts, setAccountRole } from "~/server/accounts/user-queries.server";
import type { Mail } from "~/server/core/mail.server";
import type { DbHandle } from "~/server/db/client.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
const BASE = "http://localhost:3000";

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];

function post(pathname: string, body: unknown, ip = "10.0.0.1", cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", origin: BASE, "x-client-ip": ip });
  if (cookie) headers.set("cookie", cookie);
  return auth.handler(new Request(`${BASE}/api/auth${pathname}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

async function signUpAndVerify(email: string, password: string, ip: string) {
  const response = await post("/sign-up/email", { email, password, name: email.split("@")[0], callbackURL: "/admin/blog" }, ip);
  expect(response.status).toBe(200);
  const mail = mails.findLast((m) => m.to === email);
  expect(mail?.text).toContain("/api/auth/verify-email?token=");
  const link = /http\S+verify-email\S+/.exec(mail!.text)![0];
  const verified = await auth.handler(new Request(link, { headers: { "x-client-ip": ip } }));
  expect(verified.status).toBe(302);
  expect(verified.headers.get("location")).toBe("/admin/blog");
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  handle = await freshTestDatabase();
  auth = createAuth({ db: handle.db, baseURL: BASE, secret: process.env.AUTH_SECRET, mailer: (mail) => Promise.resolve(void mails.push(mail)) });
});

afterAll(async () => {
  await handle.close();
});

describe("accounts and roles", () => {
  it("makes the first account an admin and later ones plain users; signing in needs a confirmed address", async () => {
    const cookie = await signUpAndVerify("first@studio.test", "first-password", "10.1.0.1");
    const me = await getSessionUser(new Request(`${BASE}/admin/blog`, { headers: { cookie } }), auth);
    expect(me).toMatchObject({ email: "first@studio.test", role: "admin", emailVerified: true });

    const signUp = await post("/sign-up/email", { email: "second@studio.test", password: "second-password", name: "second" }, "10.1.0.2");
    expect(signUp.status).toBe(200);
    const early = await post("/sign-in/email", { email: "second@studio.test", password: "second-password" }, "10.1.0.2");
    expect(early.status).toBe(403);
    expect(((await early.json()) as { message: string }).message).toMatch(/not verified/i);
    const [second] = await handle.db.select({ role: users.role }).from(users).where(eq(users.email, "second@studio.test"));
    expect(second?.role).toBe("user");
  });

  it("never revokes or deletes the last admin", async () => {
    const accounts = await listAccounts(handle.db);
    const adminRow = accounts.find((a) => a.role === "admin")!;
    const userRow = accounts.find((a) => a.role === "user")!;
    await expect(setAccountRole(handle.db, adminRow.id, "user")).rejects.toBeInstanceOf(AccountRuleError);
    await expect(deleteAccount(handle.db, adminRow.id)).rejects.toBeInstanceOf(AccountRuleError);
    expect(await setAccountRole(handle.db, userRow.id, "admin")).toBe(true);
    expect(await setAccountRole(handle.db, adminRow.id, "user")).toBe(true);
    expect(await setAccountRole(handle.db, adminRow.id, "admin")).toBe(true);
    expect(await deleteAccount(handle.db, userRow.id)).toBe(true);
    expect(await setAccountRole(handle.db, "missing", "admin")).toBe(false);
  });

  it("keeps the admin plugin's own account-changing endpoints closed", async () => {
    const cookie = (await post("/sign-in/email", { email: "first@studio.test", password: "first-password" }, "10.4.0.1")).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "first@studio.test"));
    for (const path of ["/admin/set-role", "/admin/remove-user", "/admin/create-user"]) {
      const response = await post(path, { userId: row!.id, role: "user", email: "x@studio.test", password: "password", name: "x" }, "10.4.0.1", cookie);
      expect(response.status, path).toBe(404);
    }
    const [still] = await handle.db.select({ role: users.role }).from(users).where(eq(users.id, row!.id));
    expect(still?.role).toBe("admin");
  });

  it("signs in whether the site is opened as localhost or 127.0.0.1, but not from another site", async () => {
    // BASE (the configured address) is http://localhost:3000; the same server at 127.0.0.1:
    const signIn = (origin: string, at = origin) =>
      auth.handler(
        new Request(`${at}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, "x-client-ip": "10.5.0.1" },
          body: JSON.stringify({ email: "first@studio.test", password: "first-password" }),
        }),
      );
    const loopback = await signIn("http://127.0.0.1:3000");
    expect(loopback.status).toBe(200);
    expect(loopback.headers.getSetCookie().join(";")).toContain("session_token");
    const crossSite = await signIn("http://evil.example", "http://127.0.0.1:3000");
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { code: string }).code).toBe("INVALID_ORIGIN");
  });

  it("rate limits sign-in per client address", { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      // A new address each time: five wrong passwords for one address lock it (lockout.server.ts), whatever the client.
      statuses.push((await post("/sign-in/email", { email: `guess-${i}@studio.test`, password: "wrong-password" }, "10.9.9.9")).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not affected.
    expect((await post("/sign-in/email", { email: "first@studio.test", password: "first-password" }, "10.9.9.10")).status).toBe(200);
  });

  it("a client over the sign-up limit is told the real window of that limit", async () => {
    const { max, window } = AUTH_RATE_LIMITS["/sign-up/email"];
    const ip = "10.8.8.8";
    const signUp = (i: number) =>
      callAuthEndpoint(
        new Request(`${BASE}/admin/auth`, { method: "POST", headers: { origin: BASE, "x-client-ip": ip } }),
        "/sign-up/email",
        { email: `limit-${i}@studio.test`, password: "limit-password", name: `limit-${i}` },
        auth,
      );
    for (let i = 0; i < max; i++) expect((await signUp(i)).ok).toBe(true);
    const refused = await signUp(max);
    expect(refused).toEqual({ ok: false, status: 429, message: `Too many attempts. Please wait ${window / 60} minutes and try again.` });
    expect(rateLimitMessage("/sign-up/email")).toBe("Too many attempts. Please wait 10 minutes and try again.");
    expect(rateLimitMessage("/sign-in/email")).toBe("Too many attempts. Please wait a minute and try again.");
    expect(rateLimitMessage("/get-session")).toBe("Too many attempts. Please wait a minute and try again.");
  });
});

describe("password policy on every endpoint that sets a password", () => {
  const TOO_SHORT = "Use at least 12 characters.";
  const TOO_COMMON = "This password is too common. Choose another.";
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;
  const accountExists = async (email: string) => (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

  it("refuses a sign-up with 11 characters or a common password, and accepts a good one", async () => {
    const signUp = (email: string, password: string) => post("/sign-up/email", { email, password, name: "policy" }, "10.20.0.1");

    const short = await signUp("short@studio.test", "eleven-char");
    expect(short.status).toBe(400);
    expect(await message(short)).toBe(TOO_SHORT);
    for (const common of ["password1234", "Password1234"]) {
      const refused = await signUp("common@studio.test", common);
      expect(refused.status).toBe(400);
      expect(await message(refused)).toBe(TOO_COMMON);
    }
    const ownAddress = await signUp("longaddress@studio.test", "LongAddress@Studio.test");
    expect(ownAddress.status).toBe(400);
    expect(await message(ownAddress)).toBe("Don't use your email address as your password.");
    expect(await accountExists("short@studio.test")).toBe(false);
    expect(await accountExists("common@studio.test")).toBe(false);

    expect((await signUp("good@studio.test", "twelve-chars")).status).toBe(200);
    expect(await accountExists("good@studio.test")).toBe(true);

    // The page action (/admin/auth) gets the same words back to show in its card and toast.
    const viaPage = await callAuthEndpoint(
      new Request(`${BASE}/admin/auth`, { method: "POST", headers: { origin: BASE, "x-client-ip": "10.20.0.2" } }),
      "/sign-up/email",
      { email: "page@studio.test", password: "password1234", name: "page" },
      auth,
    );
    expect(viaPage).toEqual({ ok: false, status: 400, message: TOO_COMMON });
  });

  it("refuses the same passwords on reset (the link stays usable) and on change", async () => {
    const email = "resetting.account@studio.test";
    await signUpAndVerify(email, "resetter-first-password", "10.21.0.1");
    expect((await post("/request-password-reset", { email, redirectTo: "/admin/auth?mode=reset" }, "10.21.0.2")).status).toBe(200);
    const mail = mails.findLast((m) => m.to === email && m.text.includes("/reset-password/"));
    const token = /\/reset-password\/([^?\s]+)/.exec(mail!.text)![1]!;

    const reset = (newPassword: string) => post("/reset-password", { newPassword, token }, "10.21.0.3");
    const short = await reset("eleven-char");
    expect(short.status).toBe(400);
    expect(await message(short)).toBe(TOO_SHORT);
    const common = await reset("password1234");
    expect(common.status).toBe(400);
    expect(await message(common)).toBe(TOO_COMMON);
    const local = await reset("RESETTING.account");
    expect(local.status).toBe(400);
    expect(await message(local)).toBe("Don't use your email address as your password.");
    const ownAddress = await reset("Resetting.Account@studio.test");
    expect(await message(ownAddress)).toBe("Don't use your email address as your password.");
    expect((await reset("resetter-second-password")).status).toBe(200);
    expect((await post("/sign-in/email", { email, password: "resetter-second-password" }, "10.21.0.4")).status).toBe(200);

    const cookie = (await post("/sign-in/email", { email, password: "resetter-second-password" }, "10.21.0.4")).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // better-auth allows 3 password changes per 10 seconds per client: one address per attempt.
    let client = 10;
    const change = (newPassword: string) =>
      post("/change-password", { currentPassword: "resetter-second-password", newPassword }, `10.21.1.${client++}`, cookie);
    const commonChange = await change("qwerty123456");
    expect(commonChange.status).toBe(400);
    expect(await message(commonChange)).toBe(TOO_COMMON);
    expect(await message(await change("resetting.account"))).toBe("Don't use your email address as your password.");
    expect(await message(await change("short-one"))).toBe(TOO_SHORT);
    expect((await change("resetter-third-password")).status).toBe(200);
  });
});

describe("npm run admin:create", { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-"));
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
      encoding: "utf8",
    });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("creates an admin whose password better-auth accepts, and promotes an existing account", async () => {
    const created = run(["--email", "Boss@Studio.test", "--password", "boss-password"]);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created admin boss@studio.test");
    const again = run(["--email", "boss@studio.test", "--password", "new-boss-password"]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("Promoted admin boss@studio.test");

    const local = await openDatabase({ dataDir });
    try {
      const localAuth = createAuth({ db: local.db, baseURL: BASE, secret: process.env.AUTH_SECRET, mailer: async () => {} });
      const response = await localAuth.handler(
        new Request(`${BASE}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: BASE, "x-client-ip": "10.3.0.1" },
          body: JSON.stringify({ email: "boss@studio.test", password: "new-boss-password" }),
        }),
      );
      expect(response.status).toBe(200);
      const [row] = await local.db.select({ role: users.role, verified: users.emailVerified }).from(users).where(eq(users.email, "boss@studio.test"));
      expect(row).toEqual({ role: "admin", verified: true });
    } finally {
      await local.close();
    }
  });

  it("refuses clearly while the server holds the embedded database, and on bad arguments", () => {
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    try {
      const locked = run(["--email", "x@studio.test", "--password", "secret-password"]);
      expect(locked.status).toBe(1);
      expect(locked.stderr).toContain("already in use by another process");
      expect(locked.stderr).toContain("Stop the server first");
    } finally {
      fs.rmSync(path.join(dataDir, "pglite.lock"), { force: true });
    }
    const bad = run(["--email", "not-an-email", "--password", "secret-password"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("Give a valid --email");
    const short = run(["--email", "x@studio.test", "--password", "eleven-char"]);
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("--password: Use at least 12 characters.");
    const common = run(["--email", "x@studio.test", "--password", "Password1234"]);
    expect(common.status).toBe(1);
    expect(common.stderr).toContain("--password: This password is too common. Choose another.");
  });

  it.runIf(Boolean(testPostgresUrl()))("works on PostgreSQL through DATABASE_URL", async () => {
    const { default: pg } = await import("pg");
    const name = `admin_create_${Date.now()}`;
    const server = new pg.Client({ connectionString: testPostgresUrl() });
    await server.connect();
    await server.query(`create database ${name}`);
    const url = new URL(testPostgresUrl()!);
    url.pathname = `/${name}`;
    try {
      const result = run(["--email", "pg-admin@studio.test", "--password", "pg-admin-password"], { DATABASE_URL: url.toString() });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("Created admin pg-admin@studio.test");
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const rows = await check.query("select role, email_verified from users where email = 'pg-admin@studio.test'");
      await check.end();
      expect(rows.rows).toEqual([{ role: "admin", email_verified: true }]);
    } finally {
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
    }
  });
});
