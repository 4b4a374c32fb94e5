import { getSessionFromCtx, isAPIError, type createAuthMiddleware } from "better-auth/api";
import { clientIp, recordAudit, type AuditActor } from "~/server/admin/audit.server";
import type { Db } from "~/server/db/client.server";
import type { AuditAction } from "~/lib/audit";

/**
 * Sign-ins, failed sign-ins, sign-outs, password and session changes in the audit log, read off
 * better-auth's own endpoints (hooks in auth.server.ts), so every way in (the pages, the API, a
 * plugin's endpoint) is recorded the same. An endpoint is known by its path in AUTH_AUDIT_EVENTS;
 * a later plugin adds its endpoints there (one line each). Two-factor changes are read off the
 * account's row instead (`twoFactorAudit`, a databaseHook), whichever endpoint flips the switch.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Who the entry names: the session's account (before the call), the new session's, or the address in the body. */
type ActorSource = "session" | "new-session" | "body-email";

type AuthEvent = {
  /** Recorded when the endpoint answers without an error (with `new-session`: only when it signed someone in). */
  ok?: AuditAction;
  /** Recorded when it refuses (the address tried, never a password). */
  failed?: AuditAction;
  actor: ActorSource;
  summary: string;
};

export const AUTH_AUDIT_EVENTS: Record<string, AuthEvent> = {
  "/sign-in/email": { ok: "auth.sign-in", failed: "auth.sign-in-failed", actor: "new-session", summary: "with e-mail and password" },
  "/two-factor/verify-totp": { ok: "auth.sign-in", failed: "auth.sign-in-failed", actor: "new-session", summary: "with an authenticator code" },
  "/two-factor/verify-backup-code": { ok: "auth.sign-in", failed: "auth.sign-in-failed", actor: "new-session", summary: "with a recovery code" },
  "/two-factor/verify-otp": { ok: "auth.sign-in", failed: "auth.sign-in-failed", actor: "new-session", summary: "with a one-time code" },
  "/sign-up/email": { ok: "auth.sign-up", actor: "body-email", summary: "Signed up" },
  "/verify-email": { ok: "auth.email-verified", actor: "new-session", summary: "Confirmed the e-mail address" },
  "/sign-out": { ok: "auth.sign-out", actor: "session", summary: "Signed out" },
  "/request-password-reset": { ok: "auth.password-reset-request", actor: "body-email", summary: "Asked for a password reset mail" },
  "/reset-password": { ok: "auth.password-reset", failed: "auth.password-reset", actor: "session", summary: "Reset the password with a mailed link" },
  "/change-password": { ok: "auth.password-change", failed: "auth.password-change", actor: "session", summary: "Changed the password" },
  "/set-password": { ok: "auth.password-change", actor: "session", summary: "Set a password" },
  "/revoke-session": { ok: "auth.session-revoke", actor: "session", summary: "Signed out one session" },
  "/revoke-sessions": { ok: "auth.session-revoke", actor: "session", summary: "Signed out every session" },
  "/revoke-other-sessions": { ok: "auth.session-revoke", actor: "session", summary: "Signed out every other session" },
  "/two-factor/generate-backup-codes": { ok: "auth.other", actor: "session", summary: "Made new recovery codes" },
};

/** Who was signed in when the call started (its session may be gone afterwards: sign-out, reset). */
const actorsBefore = new WeakMap<object, AuditActor>();

function keyOf(ctx: HookContext): object | null {
  return ctx.request ?? null;
}

/**
 * Codes checked while already signed in: the confirmation of a two-factor setup on /admin/account,
 * not a sign-in (the user-update hook below records 'Two-factor sign-in turned on').
 */
const setupConfirmations = new WeakSet<object>();

/** The before hook: notes the signed-in account of calls whose entry names it. */
export async function auditAuthBefore(ctx: HookContext) {
  const event = AUTH_AUDIT_EVENTS[ctx.path];
  const key = keyOf(ctx);
  if (!event || !key) return;
  if (ctx.path === "/two-factor/verify-totp") {
    const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
    if (session) setupConfirmations.add(key);
    return;
  }
  if (event.actor !== "session") return;
  if (ctx.path === "/reset-password") {
    const actor = await resetAccount(ctx);
    if (actor) actorsBefore.set(key, actor);
    return;
  }
  const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
  if (session) actorsBefore.set(key, { id: session.user.id, email: session.user.email });
}

async function resetAccount(ctx: HookContext): Promise<AuditActor | null> {
  const body: unknown = ctx.body;
  const query: unknown = ctx.query;
  const fromBody = body && typeof body === "object" && "token" in body ? body.token : null;
  const token = typeof fromBody === "string" && fromBody ? fromBody : query && typeof query === "object" && "token" in query ? query.token : null;
  if (typeof token !== "string" || !token) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`).catch(() => null);
  if (!verification) return null;
  const user = await ctx.context.internalAdapter.findUserById(verification.value).catch(() => null);
  return user ? { id: user.id, email: user.email } : null;
}

function bodyEmail(ctx: HookContext): string | null {
  const body: unknown = ctx.body;
  if (!body || typeof body !== "object" || !("email" in body) || typeof body.email !== "string") return null;
  return body.email.trim().toLowerCase().slice(0, 320) || null;
}

/** The after hook: one entry per known endpoint call (see AUTH_AUDIT_EVENTS). */
export async function auditAuthAfter(db: Db, ctx: HookContext) {
  const event = AUTH_AUDIT_EVENTS[ctx.path];
  if (!event) return;
  const returned: unknown = ctx.context.returned;
  // A redirect (verify-email's answer) is thrown as an APIError too, with a 3xx status.
  const failed = isAPIError(returned) && returned.statusCode >= 400;
  const action = failed ? event.failed : event.ok;
  if (!action) return;
  const key = keyOf(ctx);
  if (key && setupConfirmations.has(key)) return;
  const before = key ? actorsBefore.get(key) : undefined;
  if (key) actorsBefore.delete(key);

  let actor: AuditActor | null = null;
  if (event.actor === "session") actor = before ?? null;
  else if (event.actor === "body-email") actor = { id: null, email: bodyEmail(ctx) };
  else {
    const user = ctx.context.newSession?.user;
    if (user) actor = { id: user.id, email: user.email };
    else if (failed) actor = { id: null, email: bodyEmail(ctx) };
    // A password accepted while a second factor is still due: the sign-in is the code's entry.
    else return;
  }
  if (ctx.path === "/sign-up/email" && !failed) {
    const user = (returned as { user?: { id?: string } } | null)?.user;
    if (actor && user?.id) actor = { ...actor, id: user.id };
  }

  const reason = failed ? (returned as { message?: string }).message || `status ${(returned as { statusCode?: number }).statusCode}` : null;
  const who = actor?.email ?? "an unknown address";
  const summary =
    action === "auth.sign-in"
      ? `Signed in ${event.summary}`
      : action === "auth.sign-in-failed"
        ? `Failed sign-in as ${who} ${event.summary}: ${reason}`
        : failed
          ? `${event.summary} failed: ${reason}`
          : event.summary;
  await recordAudit(db, {
    actor: actor ?? { id: null, email: null },
    action,
    target: { type: "user", id: actor?.id ?? null, label: actor?.email ?? null },
    summary,
    ip: clientIp(ctx.request) ?? ctx.headers?.get("x-client-ip") ?? null,
    requestId: ctx.request?.headers.get("x-request-id") ?? null,
  });
}

/** Two-factor sign-in turned on or off, whichever endpoint changed the account's switch (a user update databaseHook). */
const twoFactorChanges = new WeakMap<object, boolean>();

export function twoFactorAuditHooks(db: Db) {
  return {
    before(data: Record<string, unknown>, context: object | null) {
      if (context && typeof data.twoFactorEnabled === "boolean") twoFactorChanges.set(context, data.twoFactorEnabled);
      return Promise.resolve();
    },
    async after(user: { id: string; email: string }, context: object | null) {
      if (!context || !twoFactorChanges.has(context)) return;
      const enabled = twoFactorChanges.get(context)!;
      twoFactorChanges.delete(context);
      const request = (context as { request?: Request }).request;
      await recordAudit(db, {
        actor: { id: user.id, email: user.email },
        action: enabled ? "auth.two-factor-enable" : "auth.two-factor-disable",
        target: { type: "user", id: user.id, label: user.email },
        summary: enabled ? "Turned on two-factor sign-in" : "Turned off two-factor sign-in",
        after: { twoFactorEnabled: enabled },
        ip: clientIp(request),
      });
    },
  };
}
