import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { createAuth, SIGN_UP_CLOSED_MESSAGE, type Auth } from "~/server/accounts/auth.server";
import { auditLog, invitations, signInLockouts, users } from "~/server/db/schema.server";
import { updateSettings } from "~/server/site/settings.server";
import { clearLockout, LOCKOUT_MAX_FAILURES, LOCKOUT_MINUTES } from "~/server/accounts/lockout.server";
import {
  createInvitation,
  findInvitation,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "~/server/accounts/invitations.server";
import { changeAccess } from "~/server/accounts/users-access.server";
import { accountPage } from "~/server/accounts/user-queries.server";
import type { DbHandle } from "~/server/db/client.server";
import type { Mail } from "~/server/core/mail.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
const BASE = "http://localhost:3000";
const PASSWORD = "lockout-test-password-1";
const MINUTE = 60_000;

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];
/** The auth instance's clock: tests move it on instead of waiting. */
let clock = new Date("2026-03-02T09:00:00Z");
let adminId: string;

function post(pathname: string, body: unknown, ip: string) {
  const headers = new Headers({ "content-type": "application/json", origin: BASE, "x-client-ip": ip });
  return auth.handler(new Request(`${BASE}/api/auth${pathname}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

function signIn(email: string, password: string, ip: string) {
  return post("/sign-in/email", { email, password }, ip);
}

async function signUpConfirmed(email: string, ip: string) {
  expect((await post("/sign-up/email", { email, password: PASSWORD, name: email.split("@")[0] }, ip)).status).toBe(200);
  const link = /http\S+verify-email\S+/.exec(mails.findLast((m) => m.to === email)!.text)![0];
  expect((await auth.handler(new Request(link, { headers: { "x-client-ip": ip } }))).status).toBe(302);
}

async function failTimes(email: string, times: number, ipBase: string) {
  const answers: { status: number; message: string }[] = [];
  for (let i = 0; i < times; i++) {
    // A different client each time: the count is per address, whatever the client.
    const response = await signIn(email, "wrong-password-123", `${ipBase}.${i + 1}`);
    answers.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
  }
  return answers;
}

const lockedText = (minutes: number) => `This account is locked after too many failed sign-ins. Try again in ${minutes} minutes or reset your password.`;

beforeAll(async () => {
  handle = await freshTestDatabase();
  auth = createAuth({
    db: handle.db,
    baseURL: BASE,
    secret: process.env.AUTH_SECRET,
    mailer: (mail) => Promise.resolve(void mails.push(mail)),
    now: () => clock,
  });
  await signUpConfirmed("owner@studio.test", "10.40.0.1");
  const [owner] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@studio.test"));
  adminId = owner!.id;
});

afterAll(async () => {
  await handle.close();
});

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

describe("invitations", { timeout: 180_000 }, () => {
  async function invite(email: string, role: "admin" | "user" = "user") {
    const before = mails.length;
    await createInvitation(handle.db, { email, role, invitedBy: adminId }, { mailer: (mail) => Promise.resolve(void mails.push(mail)), now: clock });
    const mail = mails.slice(before).find((m) => m.to === email.toLowerCase());
    const link = /http\S+invite=\S+/.exec(mail!.text)![0];
    expect(link).toContain("/admin/auth?mode=signup&invite=");
    return new URL(link).searchParams.get("invite")!;
  }

  function signUpInvited(email: string, invite: string, ip: string) {
    return post("/sign-up/email", { email, password: PASSWORD, name: email.split("@")[0], invite }, ip);
  }

  it("lets an invited address sign up while sign-up is closed, with its role, confirmed, and uses the invitation", async () => {
    await updateSettings(handle.db, { allowSignUp: false }, adminId);
    try {
      const token = await invite("New.Admin@studio.test", "admin");
      const [stored] = await handle.db.select().from(invitations).where(eq(invitations.email, "new.admin@studio.test"));
      expect(stored).toMatchObject({ role: "admin", invitedBy: adminId, usedAt: null });
      expect(stored!.tokenHash).not.toContain(token);
      expect(stored!.expiresAt.getTime() - clock.getTime()).toBe(7 * 24 * 60 * MINUTE);

      const closed = await post("/sign-up/email", { email: "uninvited@studio.test", password: PASSWORD, name: "x" }, "10.46.0.1");
      expect(await closed.json()).toMatchObject({ message: SIGN_UP_CLOSED_MESSAGE });

      const before = mails.length;
      const response = await signUpInvited("new.admin@studio.test", token, "10.46.0.2");
      expect(response.status).toBe(200);
      const [account] = await handle.db.select().from(users).where(eq(users.email, "new.admin@studio.test"));
      expect(account).toMatchObject({ role: "admin", emailVerified: true });
      // No confirmation mail: the invitation link proved the address.
      expect(mails.slice(before)).toEqual([]);
      expect((await signIn("new.admin@studio.test", PASSWORD, "10.46.0.3")).status).toBe(200);
      const [used] = await handle.db.select().from(invitations).where(eq(invitations.id, stored!.id));
      expect(used).toMatchObject({ usedBy: account!.id });
      expect(used!.usedAt).not.toBeNull();

      // Used: the same link no longer works.
      expect(await findInvitation(handle.db, token, clock)).toBeNull();
      const again = await signUpInvited("new.admin@studio.test", token, "10.46.0.4");
      expect(await again.json()).toMatchObject({ message: INVITATION_INVALID_MESSAGE });
    } finally {
      await updateSettings(handle.db, { allowSignUp: true }, adminId);
    }
  });

  it("refuses another address, an expired, a revoked and a replaced invitation; plain users get the user role", async () => {
    await updateSettings(handle.db, { allowSignUp: false }, adminId);
    try {
      const token = await invite("writer@studio.test");
      const other = await signUpInvited("someone.else@studio.test", token, "10.47.0.1");
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ message: INVITATION_OTHER_EMAIL_MESSAGE });
      expect(await handle.db.select().from(users).where(eq(users.email, "someone.else@studio.test"))).toEqual([]);

      const expired = await invite("late@studio.test");
      clock = new Date(clock.getTime() + 7 * 24 * 60 * MINUTE + 1000);
      expect(await (await signUpInvited("late@studio.test", expired, "10.47.0.2")).json()).toMatchObject({ message: INVITATION_INVALID_MESSAGE });

      const revoked = await invite("revoked@studio.test");
      const [row] = await handle.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, "revoked@studio.test"));
      expect(await revokeInvitation(handle.db, row!.id, clock)).toBe(true);
      expect(await (await signUpInvited("revoked@studio.test", revoked, "10.47.0.3")).json()).toMatchObject({ message: INVITATION_INVALID_MESSAGE });

      const first = await invite("twice@studio.test");
      const [pending] = (await pendingInvitations(handle.db, clock)).filter((p) => p.email === "twice@studio.test");
      const resent = await resendInvitation(handle.db, pending!.id, { mailer: (mail) => Promise.resolve(void mails.push(mail)), now: clock });
      expect(await (await signUpInvited("twice@studio.test", first, "10.47.0.4")).json()).toMatchObject({ message: INVITATION_INVALID_MESSAGE });
      expect((await signUpInvited("twice@studio.test", resent!.token, "10.47.0.5")).status).toBe(200);

      const fresh = await invite("writer2@studio.test");
      expect((await signUpInvited("writer2@studio.test", fresh, "10.47.0.6")).status).toBe(200);
      const [writer] = await handle.db.select().from(users).where(eq(users.email, "writer2@studio.test"));
      expect(writer).toMatchObject({ role: "user", emailVerified: true });
      await invite("waiting@studio.test");
      const open = (await pendingInvitations(handle.db, clock)).map((p) => p.email);
      expect(open).toContain("waiting@studio.test");
      for (const gone of ["writer@studio.test", "late@studio.test", "revoked@studio.test", "twice@studio.test", "writer2@studio.test"])
        expect(open).not.toContain(gone);
    } finally {
      await updateSettings(handle.db, { allowSignUp: true }, adminId);
    }
  });

  it("refuses to invite an address that has an account, and works while sign-up is open", async () => {
    await expect(
      createInvitation(handle.db, { email: "OWNER@studio.test", role: "user", invitedBy: adminId }, { mailer: () => Promise.resolve() }),
    ).rejects.toThrow("An account with this address already exists.");
    const token = await invite("open@studio.test", "admin");
    expect((await signUpInvited("open@studio.test", token, "10.48.0.1")).status).toBe(200);
    const [account] = await handle.db.select().from(users).where(eq(users.email, "open@studio.test"));
    expect(account).toMatchObject({ role: "admin", emailVerified: true });
  });
});

describe("/admin/users access actions", { timeout: 180_000 }, () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };
  const capture = (mail: Mail) => Promise.resolve(void mails.push(mail));
  const toastOf = (reply: unknown) => {
    const value: unknown = reply && typeof reply === "object" && "data" in reply ? reply.data : reply;
    return (value as { toast: { title: string; description?: string } }).toast;
  };

  it("invites, resends, revokes and unlocks, refusing a bad address and a duplicate account", async () => {
    const bad = await changeAccess(handle.db, { id: adminId }, form({ intent: "invite", email: "not-an-address" }), capture);
    expect(toastOf(bad).description).toBe("Enter a valid email address.");
    const taken = await changeAccess(handle.db, { id: adminId }, form({ intent: "invite", email: "owner@studio.test" }), capture);
    expect(toastOf(taken).description).toBe("An account with this address already exists.");

    const sent = await changeAccess(handle.db, { id: adminId }, form({ intent: "invite", email: "Form.Guest@studio.test", admin: "on" }), capture);
    expect(toastOf(sent).title).toBe("Invitation sent");
    const [row] = (await pendingInvitations(handle.db)).filter((p) => p.email === "form.guest@studio.test");
    expect(row).toMatchObject({ role: "admin" });
    const first = mails.findLast((m) => m.to === "form.guest@studio.test")!.text;

    expect(toastOf(await changeAccess(handle.db, { id: adminId }, form({ intent: "resend-invitation", id: row!.id }), capture)).title).toBe(
      "Invitation sent again",
    );
    expect(mails.findLast((m) => m.to === "form.guest@studio.test")!.text).not.toBe(first);
    expect(toastOf(await changeAccess(handle.db, { id: adminId }, form({ intent: "revoke-invitation", id: row!.id }), capture)).title).toBe(
      "Invitation revoked",
    );
    expect((await pendingInvitations(handle.db)).map((p) => p.email)).not.toContain("form.guest@studio.test");
    const gone = await changeAccess(handle.db, { id: adminId }, form({ intent: "revoke-invitation", id: row!.id }), capture);
    expect(toastOf(gone).description).toBe("The invitation is no longer pending.");

    await signUpConfirmed("form.locked@studio.test", "10.49.0.1");
    clock = new Date();
    await failTimes("form.locked@studio.test", LOCKOUT_MAX_FAILURES, "10.49.1");
    const [locked] = (await accountPage(handle.db, { q: "form.locked", status: "all", page: 1 })).items;
    expect(locked?.lockedUntil).toBeInstanceOf(Date);
    expect(toastOf(await changeAccess(handle.db, { id: adminId }, form({ intent: "unlock", id: locked!.id }), capture)).title).toBe("Account unlocked");
    const [after] = (await accountPage(handle.db, { q: "form.locked", status: "all", page: 1 })).items;
    expect(after?.lockedUntil).toBeNull();
    expect((await signIn("form.locked@studio.test", PASSWORD, "10.49.2.1")).status).toBe(200);

    // Each of these admin actions is in the audit log.
    const actions = (await handle.db.select({ action: auditLog.action, label: auditLog.targetLabel, id: auditLog.targetId }).from(auditLog)).filter(
      (e) => (e.id === row!.id || e.label === "form.guest@studio.test" || e.label === "form.locked@studio.test") && /^(user\.|auth\.lockout)/.test(e.action),
    );
    expect(actions.map((e) => e.action).sort()).toEqual(["auth.lockout", "user.invite", "user.invite-resend", "user.invite-revoke", "user.unlock"]);
  });
});
