import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authRequests, authWithOwner, BASE, MINUTE, PASSWORD } from "../support/auth-requests";
import type { Auth } from "~/server/accounts/auth.server";
import { auditLog, signInLockouts, users } from "~/server/db/schema.server";
import { clearLockout, LOCKOUT_MAX_FAILURES, LOCKOUT_MINUTES } from "~/server/accounts/lockout.server";
import type { DbHandle } from "~/server/db/client.server";
import type { Mail } from "~/server/core/mail.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/** Account lockout: after repeated wrong passwords an address is locked for a while, whatever the client. */

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];
/** The auth instance's clock: tests move it on instead of waiting. */
let clock = new Date("2026-03-02T09:00:00Z");
const { post, signIn, signUpConfirmed, failTimes } = authRequests(() => auth, mails);

beforeAll(async () => {
  ({ handle, auth } = await authWithOwner(mails, () => clock));
});

afterAll(async () => {
  await handle.close();
});

const lockedText = (minutes: number) => `This account is locked after too many failed sign-ins. Try again in ${minutes} minutes or reset your password.`;

describe("account lockout", { timeout: 180_000 }, () => {
  it(`locks an address after ${LOCKOUT_MAX_FAILURES} wrong passwords from any client, refuses the right one, mails the owner once, and unlocks in time`, async () => {
    await signUpConfirmed("target@studio.test", "10.41.0.1");
    const before = mails.length;
    const answers = await failTimes("target@studio.test", LOCKOUT_MAX_FAILURES, "10.41.1");
    expect(answers.slice(0, -1).every((a) => a.status === 401 && a.message === "Invalid email or password")).toBe(true);
    // The attempt that locks already says so.
    expect(answers.at(-1)?.message).toBe(lockedText(LOCKOUT_MINUTES));

    const right = await signIn("target@studio.test", PASSWORD, "10.41.2.1");
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({ message: lockedText(LOCKOUT_MINUTES), code: "ACCOUNT_LOCKED" });
    // More wrong passwords while locked neither count nor mail again.
    await failTimes("target@studio.test", 3, "10.41.3");

    const sent = mails.slice(before).filter((m) => m.to === "target@studio.test");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/locked/);
    expect(sent[0]!.text).toContain("2026-03-02 09:15 UTC");
    expect(sent[0]!.text).toContain(`${BASE}/admin/auth?mode=forgot`);
    // The audit log has every failed attempt and the lock, once.
    const audited = await handle.db.select().from(auditLog).where(eq(auditLog.actorEmail, "target@studio.test"));
    expect(audited.filter((e) => e.action === "auth.lockout")).toHaveLength(1);
    expect(audited.filter((e) => e.action === "auth.sign-in-failed").length).toBeGreaterThanOrEqual(LOCKOUT_MAX_FAILURES);

    clock = new Date(clock.getTime() + 10 * MINUTE);
    const later = await signIn("target@studio.test", PASSWORD, "10.41.2.2");
    expect(await later.json()).toMatchObject({ message: lockedText(5) });

    clock = new Date(clock.getTime() + 5 * MINUTE + 1000);
    const unlocked = await signIn("target@studio.test", PASSWORD, "10.41.2.3");
    expect(unlocked.status).toBe(200);
    expect(await handle.db.select().from(signInLockouts).where(eq(signInLockouts.email, "target@studio.test"))).toEqual([]);
  });

  it("forgets failures older than the window, and a right password clears the count", async () => {
    await signUpConfirmed("window@studio.test", "10.42.0.1");
    await failTimes("window@studio.test", LOCKOUT_MAX_FAILURES - 1, "10.42.1");
    clock = new Date(clock.getTime() + 16 * MINUTE);
    expect((await failTimes("window@studio.test", LOCKOUT_MAX_FAILURES - 1, "10.42.2")).every((a) => a.status === 401)).toBe(true);
    expect((await signIn("window@studio.test", PASSWORD, "10.42.3.1")).status).toBe(200);
    expect((await failTimes("window@studio.test", LOCKOUT_MAX_FAILURES - 1, "10.42.4")).every((a) => a.status === 401)).toBe(true);
  });

  it("unlocks at once when the password is reset", async () => {
    await signUpConfirmed("reset@studio.test", "10.43.0.1");
    await failTimes("reset@studio.test", LOCKOUT_MAX_FAILURES, "10.43.1");
    expect((await signIn("reset@studio.test", PASSWORD, "10.43.2.1")).status).toBe(403);

    expect((await post("/request-password-reset", { email: "reset@studio.test", redirectTo: "/admin/auth?mode=reset" }, "10.43.3.1")).status).toBe(200);
    const link = /http\S+reset-password\/\S+/.exec(mails.findLast((m) => m.to === "reset@studio.test")!.text)![0];
    const token = new URL(link).pathname.split("/").at(-1)!;
    expect((await post("/reset-password", { token, newPassword: "a-brand-new-password-2" }, "10.43.3.2")).status).toBe(200);
    expect((await signIn("reset@studio.test", "a-brand-new-password-2", "10.43.4.1")).status).toBe(200);
  });

  it("an admin's unlock (clearLockout) lets the owner in again", async () => {
    await signUpConfirmed("unlock@studio.test", "10.44.0.1");
    await failTimes("unlock@studio.test", LOCKOUT_MAX_FAILURES, "10.44.1");
    expect((await signIn("unlock@studio.test", PASSWORD, "10.44.2.1")).status).toBe(403);
    expect(await clearLockout(handle.db, "Unlock@Studio.test")).toBe(true);
    expect((await signIn("unlock@studio.test", PASSWORD, "10.44.2.2")).status).toBe(200);
  });

  it("answers an unknown address exactly like a known one, mails nobody and creates nothing", async () => {
    await signUpConfirmed("known@studio.test", "10.45.0.1");
    const before = mails.length;
    const known = await failTimes("known@studio.test", LOCKOUT_MAX_FAILURES + 1, "10.45.1");
    const unknown = await failTimes("nobody@studio.test", LOCKOUT_MAX_FAILURES + 1, "10.45.2");
    expect(unknown).toEqual(known);
    expect(mails.slice(before).map((m) => m.to)).toEqual(["known@studio.test"]);
    expect(await handle.db.select().from(users).where(eq(users.email, "nobody@studio.test"))).toEqual([]);
  });
});
