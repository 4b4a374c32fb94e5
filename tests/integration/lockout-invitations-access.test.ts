import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequests, authWithOwner, PASSWORD } from "../support/auth-requests";
import type { Auth } from "~/server/accounts/auth.server";
import { auditLog } from "~/server/db/schema.server";
import { LOCKOUT_MAX_FAILURES } from "~/server/accounts/lockout.server";
import { pendingInvitations } from "~/server/accounts/invitations.server";
import { changeAccess } from "~/server/accounts/users-access.server";
import { accountPage } from "~/server/accounts/user-queries.server";
import type { DbHandle } from "~/server/db/client.server";
import type { Mail } from "~/server/core/mail.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/** The /admin/users form's access actions: invitations and unlocking an account, each audited. */

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];
/** The auth instance's clock: tests move it on instead of waiting. */
let clock = new Date("2026-03-02T09:00:00Z");
let adminId: string;
const { signIn, signUpConfirmed, failTimes } = authRequests(() => auth, mails);

beforeAll(async () => {
  ({ handle, auth, adminId } = await authWithOwner(mails, () => clock));
});

afterAll(async () => {
  await handle.close();
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
