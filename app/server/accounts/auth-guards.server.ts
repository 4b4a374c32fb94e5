import { APIError, getSessionFromCtx, type createAuthMiddleware } from "better-auth/api";
import type { Db } from "~/server/db/client.server";
import { clientIp, recordAudit } from "~/server/admin/audit.server";
import { errorText } from "~/server/http/errors.server";
import { findInvitation, INVITATION_INVALID_MESSAGE, INVITATION_OTHER_EMAIL_MESSAGE } from "./invitations.server";
import { clearLockout, lockedMessage, lockedUntil, LOCKOUT_MAX_FAILURES, minutesLeft, normalizeEmail, recordFailure } from "./lockout.server";
import { log } from "~/server/core/log.server";
import type { Mail } from "~/server/core/mail.server";
import { passwordProblem } from "./password-policy.server";

/**
 * The better-auth hooks that refuse (wired in auth.server.ts): account lockout and invitations
 * (docs/decisions/0030-lockout-and-invitations.md), and a new password that breaks the policy
 * (password-policy.server.ts).
 */

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

type LockoutDeps = { db: Db; now: () => Date; mailer: (mail: Mail) => Promise<void>; appUrl: string; brand: string };

function bodyField(ctx: { body?: unknown }, key: string): string | null {
  const body: unknown = ctx.body;
  if (!body || typeof body !== "object") return null;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

/** Before /sign-in/email: a locked address is refused before its password is even looked at. */
export async function lockoutBeforeHook({ db, now }: LockoutDeps, ctx: HookContext) {
  if (ctx.path !== "/sign-in/email") return;
  const email = bodyField(ctx, "email");
  if (!email) return;
  const at = now();
  const until = await lockedUntil(db, email, at);
  if (until) throw new APIError("FORBIDDEN", { message: lockedMessage(until, at), code: "ACCOUNT_LOCKED" });
}

/**
 * After /sign-in/email: a wrong password (better-auth's 401, the same for an unknown address)
 * counts a failure; the failure that locks mails the owner, when there is one. A right password
 * clears the count.
 */
export async function lockoutAfterHook(deps: LockoutDeps, ctx: HookContext) {
  if (ctx.path !== "/sign-in/email") return;
  const email = bodyField(ctx, "email");
  if (!email) return;
  const returned: unknown = ctx.context.returned;
  const status = returned && typeof returned === "object" && "statusCode" in returned ? returned.statusCode : 200;
  if (status === 200) {
    await clearLockout(deps.db, email);
    return;
  }
  if (status !== 401) return;
  const at = deps.now();
  const { lockedUntil: until } = await recordFailure(deps.db, email, at);
  if (!until) return;
  const found = await ctx.context.internalAdapter.findUserByEmail(normalizeEmail(email));
  if (found?.user) {
    try {
      await deps.mailer(lockedMail(deps, found.user.email, until, at));
    } catch (error) {
      log.error("lockout mail failed", { error: errorText(error) });
    }
  }
  await recordAudit(deps.db, {
    actor: { id: found?.user.id ?? null, email: normalizeEmail(email) },
    action: "auth.lockout",
    target: { type: "user", id: found?.user.id ?? null, label: normalizeEmail(email) },
    summary: `Locked after ${LOCKOUT_MAX_FAILURES} failed sign-ins, until ${until.toISOString()}`,
    ip: clientIp(ctx.request),
  });
  // The attempt that locked gets the same refusal as the ones after it, with or without an account.
  throw new APIError("FORBIDDEN", { message: lockedMessage(until, at), code: "ACCOUNT_LOCKED" });
}

function lockedMail({ appUrl, brand }: LockoutDeps, to: string, until: Date, now: Date): Mail {
  const resetUrl = new URL("/admin/auth?mode=forgot", appUrl).toString();
  const when = `${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to,
    subject: `Your ${brand} account is locked`,
    text:
      `Someone entered a wrong password for your ${brand} account ${LOCKOUT_MAX_FAILURES} times, so sign-in is locked for ${minutesLeft(until, now)}, until ${when}. ` +
      `It unlocks by itself then.\n\nIf it was not you, reset your password now (that also unlocks the account):\n${resetUrl}\n`,
  };
}

/** The invitation token of a sign-up's body (its `invite` field), if any. */
export function invitationToken(ctx: { body?: unknown }) {
  return bodyField(ctx, "invite") || null;
}

/**
 * The invitation a sign-up carries (the `invite` field of its body), or null when it carries none.
 * A token that is unknown, used, revoked or expired, or meant for another address, is refused.
 */
export async function invitationOfSignUp(db: Db, ctx: { body?: unknown }, now: Date) {
  const token = invitationToken(ctx);
  if (!token) return null;
  const invitation = await findInvitation(db, token, now);
  if (!invitation) throw new APIError("FORBIDDEN", { message: INVITATION_INVALID_MESSAGE, code: "INVITATION_INVALID" });
  if (normalizeEmail(bodyField(ctx, "email") ?? "") !== invitation.email) {
    throw new APIError("FORBIDDEN", { message: INVITATION_OTHER_EMAIL_MESSAGE, code: "INVITATION_OTHER_EMAIL" });
  }
  return { ...invitation, token };
}

/** The better-auth endpoints that set a password, and the body field that carries the new one. */
const PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

/**
 * Refuses a new password that breaks the policy with a 400 and one of PASSWORD_MESSAGES. The
 * account's address comes from the sign-up body, the reset token's account, or the session.
 * A malformed body is left to the endpoint's own validation.
 */
export async function passwordPolicyHook(ctx: HookContext) {
  const field = PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const body: unknown = ctx.body;
  if (!body || typeof body !== "object") return;
  const password: unknown = (body as Record<string, unknown>)[field];
  if (typeof password !== "string") return;
  const problem = await passwordProblem(password, await accountEmail(ctx, body as Record<string, unknown>));
  if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_POLICY" });
}

async function accountEmail(ctx: HookContext, body: Record<string, unknown>): Promise<string | null> {
  if (ctx.path === "/sign-up/email") return typeof body.email === "string" ? body.email : null;
  if (ctx.path === "/reset-password") {
    const query: unknown = ctx.query;
    const token = typeof body.token === "string" && body.token ? body.token : query && typeof query === "object" && "token" in query ? query.token : null;
    if (typeof token !== "string" || !token) return null;
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!verification) return null;
    const user = await ctx.context.internalAdapter.findUserById(verification.value);
    return user?.email ?? null;
  }
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  return session?.user.email ?? null;
}
