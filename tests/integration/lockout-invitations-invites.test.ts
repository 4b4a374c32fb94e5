import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authRequests, authWithOwner, MINUTE, PASSWORD } from "../support/auth-requests";
import { SIGN_UP_CLOSED_MESSAGE, type Auth } from "~/server/accounts/auth.server";
import { invitations, users } from "~/server/db/schema.server";
import { updateSettings } from "~/server/site/settings.server";
import {
  createInvitation,
  findInvitation,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  pendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "~/server/accounts/invitations.server";
import type { DbHandle } from "~/server/db/client.server";
import type { Mail } from "~/server/core/mail.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/** Invitations: an invited address signs up with its role even while sign-up is closed, once, in time. */

let handle: DbHandle;
let auth: Auth;
const mails: Mail[] = [];
/** The auth instance's clock: tests move it on instead of waiting. */
let clock = new Date("2026-03-02T09:00:00Z");
let adminId: string;
const { post, signIn } = authRequests(() => auth, mails);

beforeAll(async () => {
  ({ handle, auth, adminId } = await authWithOwner(mails, () => clock));
});

afterAll(async () => {
  await handle.close();
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
