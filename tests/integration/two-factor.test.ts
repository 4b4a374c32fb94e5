import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { freshTestDatabase } from "../support/test-db";
import { callAuthEndpoint, createAuth, getSessionUser, type Auth } from "~/server/accounts/auth.server";
import { listAccountSessions, sessionToken, totpSecret } from "~/server/accounts/account.server";
import { requireAdmin } from "~/server/accounts/authz.server";
import { updateSettings } from "~/server/site/settings.server";
import { verifySecondFactor } from "~/server/accounts/two-factor-sign-in.server";
import { sessions, twoFactors, users } from "~/server/db/schema.server";
import type { Mail } from "~/server/core/mail.server";
import type { DbHandle } from "~/server/db/client.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
const BASE = "http://localhost:3000";
const PASSWORD = "two-factor-test-password-1";

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];

/** A page request from one browser: its address, user agent and cookies. */
function pageRequest(pathname: string, cookie = "", ip = "10.9.0.1", userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36") {
  const headers = new Headers({ origin: BASE, "x-client-ip": ip, "user-agent": userAgent });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${BASE}${pathname}`, { method: "POST", headers });
}

/** The name=value pairs of Set-Cookie headers, merged over an earlier cookie header (expired ones dropped). */
function jar(previous: string, setCookies: string[]) {
  const map = new Map(previous ? previous.split("; ").map((pair) => [pair.split("=")[0]!, pair] as const) : []);
  for (const header of setCookies) {
    const pair = header.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(header) || pair.endsWith("=")) map.delete(name);
    else map.set(name, pair);
  }
  return [...map.values()].join("; ");
}

async function signUpAndVerify(email: string, ip: string) {
  const response = await callAuthEndpoint(pageRequest("/admin/auth", "", ip), "/sign-up/email", { email, password: PASSWORD, name: "Owner" }, auth);
  expect(response.ok).toBe(true);
  const link = /http\S+verify-email\S+/.exec(mails.findLast((m) => m.to === email)!.text)![0];
  const verified = await auth.handler(new Request(link, { headers: { "x-client-ip": ip } }));
  expect(verified.status).toBe(302);
  return jar("", verified.headers.getSetCookie());
}

/** Password sign-in: the session cookie, or the pending two-factor cookie with twoFactorRedirect. */
async function signIn(email: string, ip: string, userAgent?: string) {
  const result = await callAuthEndpoint(pageRequest("/admin/auth", "", ip, userAgent), "/sign-in/email", { email, password: PASSWORD }, auth);
  if (!result.ok) throw new Error(result.message);
  const body = result.body as { twoFactorRedirect?: boolean };
  return { twoFactor: body.twoFactorRedirect === true, cookie: jar("", result.setCookies) };
}

/** A code of the authenticator app (the otpauth library), `offset` periods from now. */
function appCode(totpURI: string, offset = 0) {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return totp.generate({ timestamp: Date.now() + offset * totp.period * 1000 });
}

beforeAll(async () => {
  handle = await freshTestDatabase();
  auth = createAuth({ db: handle.db, baseURL: BASE, secret: process.env.AUTH_SECRET, mailer: (mail) => Promise.resolve(void mails.push(mail)) });
});

afterAll(async () => {
  await handle.close();
});

describe("two-factor sign-in", () => {
  const email = "owner-2fa@studio.test";
  let cookie = "";
  let totpURI = "";
  let recoveryCodes: string[] = [];

  it("is set up with the password and confirmed with a code from the app", async () => {
    cookie = await signUpAndVerify(email, "10.9.1.1");
    const wrongPassword = await callAuthEndpoint(
      pageRequest("/admin/account", cookie, "10.9.1.1"),
      "/two-factor/enable",
      { password: "not-the-password-1" },
      auth,
    );
    expect(wrongPassword.ok).toBe(false);

    const enabled = await callAuthEndpoint(pageRequest("/admin/account", cookie, "10.9.1.1"), "/two-factor/enable", { password: PASSWORD }, auth);
    expect(enabled.ok).toBe(true);
    const body = (enabled as { body: { totpURI: string; backupCodes: string[] } }).body;
    totpURI = body.totpURI;
    recoveryCodes = body.backupCodes;
    expect(totpSecret(totpURI)).toMatch(/^[A-Z2-7]+$/);
    expect(recoveryCodes).toHaveLength(10);
    // Not on until a code confirms it.
    expect((await getSessionUser(pageRequest("/admin/account", cookie), auth))?.twoFactorEnabled).toBe(false);

    const verified = await callAuthEndpoint(pageRequest("/admin/account", cookie, "10.9.1.1"), "/two-factor/verify-totp", { code: appCode(totpURI) }, auth);
    expect(verified.ok).toBe(true);
    cookie = jar(cookie, (verified as { setCookies: string[] }).setCookies);
    expect(await getSessionUser(pageRequest("/admin/account", cookie), auth)).toMatchObject({ email, twoFactorEnabled: true });
    const [row] = await handle.db.select().from(twoFactors);
    expect(row).toMatchObject({ verified: true });
    // Stored encrypted, never as the secret itself.
    expect(row!.secret).not.toContain(totpSecret(totpURI)!);
  });

  it("asks for a code after the password: a wrong code fails, the right one signs in", async () => {
    const pending = await signIn(email, "10.9.2.1");
    expect(pending.twoFactor).toBe(true);
    expect(await getSessionUser(pageRequest("/admin/blog", pending.cookie), auth)).toBeNull();

    const right = new Set([appCode(totpURI, -1), appCode(totpURI), appCode(totpURI, 1)]);
    let wrong = "000000";
    while (right.has(wrong)) wrong = String(Number(wrong) + 1).padStart(6, "0");
    const refused = await verifySecondFactor(pageRequest("/admin/auth", pending.cookie, "10.9.2.1"), "totp", wrong, auth);
    expect(refused).toMatchObject({ ok: false, status: 401, message: "That code is not right. Check the time on your phone and enter the current code." });

    const accepted = await verifySecondFactor(pageRequest("/admin/auth", pending.cookie, "10.9.2.1"), "totp", appCode(totpURI), auth);
    expect(accepted.ok).toBe(true);
    const session = jar(pending.cookie, accepted.ok ? accepted.headers.getSetCookie() : []);
    expect(await getSessionUser(pageRequest("/admin/blog", session), auth)).toMatchObject({ email });
  });

  it("takes a recovery code instead, each one once only", async () => {
    const first = await signIn(email, "10.9.3.1");
    const used = await verifySecondFactor(pageRequest("/admin/auth", first.cookie, "10.9.3.1"), "recovery", recoveryCodes[0]!, auth);
    expect(used.ok).toBe(true);
    expect(await getSessionUser(pageRequest("/admin/blog", jar(first.cookie, used.ok ? used.headers.getSetCookie() : [])), auth)).toMatchObject({ email });

    const second = await signIn(email, "10.9.3.2");
    const again = await verifySecondFactor(pageRequest("/admin/auth", second.cookie, "10.9.3.2"), "recovery", recoveryCodes[0]!, auth);
    expect(again).toMatchObject({ ok: false, message: "That recovery code is not right, or it was already used." });
    const other = await verifySecondFactor(pageRequest("/admin/auth", second.cookie, "10.9.3.2"), "recovery", recoveryCodes[1]!, auth);
    expect(other.ok).toBe(true);
  });

  it("is turned off with the password, after which the password alone signs in", async () => {
    const refused = await callAuthEndpoint(pageRequest("/admin/account", cookie, "10.9.4.1"), "/two-factor/disable", { password: "not-the-password-1" }, auth);
    expect(refused.ok).toBe(false);
    const off = await callAuthEndpoint(pageRequest("/admin/account", cookie, "10.9.4.1"), "/two-factor/disable", { password: PASSWORD }, auth);
    expect(off.ok).toBe(true);
    const [user] = await handle.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.email, email));
    expect(user?.on).toBe(false);
    expect(await handle.db.select().from(twoFactors)).toEqual([]);
    const plain = await signIn(email, "10.9.4.2");
    expect(plain.twoFactor).toBe(false);
    expect(await getSessionUser(pageRequest("/admin/blog", plain.cookie), auth)).toMatchObject({ email });
  });
});

describe("sessions", () => {
  it("lists the account's devices with this one marked, and a revoked one is signed out on its next request", async () => {
    const email = "sessions@studio.test";
    await signUpAndVerify(email, "10.9.5.1");
    await handle.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
    const phone = await signIn(
      email,
      "10.9.5.2",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    );
    const laptop = await signIn(email, "10.9.5.3", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36");
    const me = await auth.api.getSession({ headers: new Headers({ cookie: laptop.cookie }) });
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));

    const list = await listAccountSessions(handle.db, user!.id, me!.session.id);
    expect(list[0]).toMatchObject({ current: true, device: "Chrome on Linux", ipAddress: "10.9.5.3" });
    const phoneRow = list.find((s) => s.ipAddress === "10.9.5.2");
    expect(phoneRow).toMatchObject({ current: false, device: "Safari on iOS" });

    const token = await sessionToken(handle.db, user!.id, phoneRow!.id);
    const revoked = await callAuthEndpoint(pageRequest("/admin/account", laptop.cookie, "10.9.5.3"), "/revoke-session", { token }, auth);
    expect(revoked.ok).toBe(true);
    expect(await getSessionUser(pageRequest("/admin/blog", phone.cookie), auth)).toBeNull();
    expect(await getSessionUser(pageRequest("/admin/blog", laptop.cookie), auth)).toMatchObject({ email });
    expect((await listAccountSessions(handle.db, user!.id, me!.session.id)).map((s) => s.ipAddress)).not.toContain("10.9.5.2");

    // Somebody else's session is not this account's to end.
    expect(await sessionToken(handle.db, "someone-else", me!.session.id)).toBeNull();
  });
});

/**
 * A signed-in admin for `requireAdmin`, which uses the process-wide database and auth: made this
 * test's own. `get` makes a request of the admin's for a path.
 */
async function signedInAdmin(email: string, ips: [string, string]) {
  const g = globalThis as Record<symbol, unknown>;
  g[Symbol.for("studio.db")] = Promise.resolve(handle);
  g[Symbol.for("studio.auth")] = Promise.resolve(auth);
  await signUpAndVerify(email, ips[0]);
  const [user] = await handle.db.update(users).set({ role: "admin" }).where(eq(users.email, email)).returning({ id: users.id });
  const { cookie } = await signIn(email, ips[1]);
  return { userId: user!.id, get: (pathname: string) => new Request(`${BASE}${pathname}`, { headers: { cookie } }) };
}

describe("'Require two-factor sign-in for admins'", () => {
  it("sends an admin without it to the setup page from every admin page but that one", async () => {
    const email = "required@studio.test";
    const { get } = await signedInAdmin(email, ["10.9.6.1", "10.9.6.2"]);

    expect(await requireAdmin(get("/admin/blog"))).toMatchObject({ email });
    await updateSettings(handle.db, { requireTwoFactor: true }, null);
    try {
      for (const pathname of ["/admin/blog", "/admin/settings", "/admin/users.data"]) {
        const thrown: unknown = await requireAdmin(get(pathname)).catch((error: unknown) => error);
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(302);
        expect((thrown as Response).headers.get("location")).toBe("/admin/account");
      }
      expect(await requireAdmin(get("/admin/account"))).toMatchObject({ email });
    } finally {
      await updateSettings(handle.db, { requireTwoFactor: false }, null);
    }
  });
});

describe("the admin check of a request", () => {
  it("reads the session once per request: the layout's and the page's loaders share it, the next request checks afresh", async () => {
    const email = "checked-once@studio.test";
    const { userId, get } = await signedInAdmin(email, ["10.9.7.1", "10.9.7.2"]);

    const request = get("/admin/blog");
    const [layout, page] = await Promise.all([requireAdmin(request), requireAdmin(request)]);
    expect(layout).toMatchObject({ email });
    expect(page).toBe(layout);
    // The session ends (signed out elsewhere): this request was checked already; a new one is not let in.
    await handle.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await requireAdmin(request)).toBe(layout);
    const thrown: unknown = await requireAdmin(get("/admin/blog")).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/admin/auth");
  });
});
