import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { count } from "drizzle-orm";
import {
  ADMIN_PLUGIN_WRITES,
  AUTH_DEFAULT_RATE_LIMIT,
  AUTH_RATE_LIMITS,
  confirmAddressMail,
  rateLimitMessage,
  resetPasswordMail,
  SESSION_UPDATE_AGE,
} from "./auth-config.server";
import { invitationOfSignUp, invitationToken, lockoutAfterHook, lockoutBeforeHook, passwordPolicyHook, type HookContext } from "./auth-guards.server";
import { auditAuthAfter, auditAuthBefore, twoFactorAuditHooks } from "./audit-auth.server";
import { db as appDb, type Db } from "~/server/db/client.server";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "~/server/db/schema.server";
import { config } from "~/server/core/env.server";
import { markInvitationUsed } from "./invitations.server";
import { clearLockout } from "./lockout.server";
import { sendMail, type Mail } from "~/server/core/mail.server";
import { errorText } from "~/server/http/errors.server";
import { signUpOpen } from "~/server/site/settings.server";
import { log } from "~/server/core/log.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-validation";

/** Where better-auth answers (app/routes/resources/auth-api.ts forwards every request there). */
export const AUTH_BASE_PATH = "/api/auth";
/** Roles: admins use the back-office; everybody else waits for access. */
export const ADMIN_ROLE = "admin";
export const USER_ROLE = "user";
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH };

export type AuthOptions = {
  db: Db;
  secret?: string;
  baseURL?: string;
  mailer?: (mail: Mail) => Promise<void>;
  /** The clock of account lockout (tests move it on instead of waiting). */
  now?: () => Date;
};

export function createAuth({ db, secret, baseURL, mailer = sendMail, now = () => new Date() }: AuthOptions) {
  const settings = config();
  const appUrl = baseURL ?? settings.appUrl;
  const brand = settings.site.brandName;
  const lockout = { db, now, mailer, appUrl, brand };
  return betterAuth({
    appName: brand,
    secret: secret ?? settings.authSecret,
    baseURL: appUrl,
    basePath: AUTH_BASE_PATH,
    // The configured address, and the address the request itself reached: without APP_URL the
    // site is http://localhost:PORT but is just as often opened as http://127.0.0.1:PORT. A browser
    // names the page's own origin, so a cross-site form or fetch still fails (same rule as
    // isSameOrigin in security.server.ts).
    trustedOrigins: (request) => [appUrl, request ? new URL(request.url).origin : null],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // A new password ends a lockout at once (lockout.server.ts).
      async onPasswordReset({ user }) {
        await clearLockout(db, user.email);
      },
      async sendResetPassword({ user, url }) {
        await mailer(resetPasswordMail(brand, user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        // An invited account is confirmed already: its invitation link proved the address.
        if (user.emailVerified) return;
        await mailer(confirmAddressMail(brand, user.email, url));
      },
    },
    // better-auth checks the length itself (min/maxPasswordLength above, its own words); this runs
    // first on every endpoint that sets a password, so the answer is the site's message, and adds
    // the common-list and own-address rules (password-policy.server.ts).
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await lockoutBeforeHook(lockout, ctx);
        await signUpAllowedHook(db, ctx, now());
        await passwordPolicyHook(ctx);
        await auditAuthBefore(ctx);
      }),
      // Failed sign-ins counted towards a lockout (lockout.server.ts); sign-ins (and failed ones),
      // sign-outs, password and session changes: the audit log (audit-auth.server.ts).
      after: createAuthMiddleware(async (ctx) => {
        await auditAuthAfter(db, ctx);
        await lockoutAfterHook(lockout, ctx);
      }),
    },
    // Sessions last 7 days (better-auth's default); one in use is renewed every SESSION_UPDATE_AGE.
    session: { updateAge: SESSION_UPDATE_AGE },
    plugins: [
      admin({ defaultRole: USER_ROLE, adminRoles: [ADMIN_ROLE] }),
      // TOTP (authenticator app) and one-time recovery codes; /admin/account sets it up.
      twoFactor({ issuer: brand, backupCodeOptions: { amount: 10 } }),
    ],
    // Accounts are managed on /admin/users, whose rules (never the last admin, never oneself) the
    // plugin's own HTTP endpoints would bypass: those stay closed.
    disabledPaths: [...ADMIN_PLUGIN_WRITES],
    databaseHooks: {
      user: {
        create: {
          // The first account of an empty database is an admin; an invited one gets the invited
          // role, its address confirmed by the invitation link.
          async before(user, ctx) {
            const invitation = ctx?.path === "/sign-up/email" ? await invitationOfSignUp(db, ctx, now()) : null;
            if (invitation) return { data: { ...user, role: invitation.role, emailVerified: true } };
            const [row] = await db.select({ n: count() }).from(users);
            if ((row?.n ?? 0) === 0) return { data: { ...user, role: ADMIN_ROLE } };
            return { data: { ...user, role: USER_ROLE } };
          },
          async after(user, ctx) {
            const token = ctx?.path === "/sign-up/email" ? invitationToken(ctx) : null;
            if (token) await markInvitationUsed(db, token, user.id, now());
          },
        },
        // Two-factor sign-in turned on or off, by whichever endpoint: the audit log.
        update: twoFactorAuditHooks(db),
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      ...AUTH_DEFAULT_RATE_LIMIT,
      customRules: { ...AUTH_RATE_LIMITS },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
      useSecureCookies: appUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: appUrl.startsWith("https:") },
      // On everywhere, tests included (better-auth turns them off when NODE_ENV is "test").
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The answer to a sign-up while 'Allow sign-up' is off (/admin/settings). */
export const SIGN_UP_CLOSED_MESSAGE = "Sign-up is closed. Ask an administrator for an invitation.";

/**
 * Refuses a sign-up while 'Allow sign-up' is off, except the very first account (the site's admin)
 * and an invited address. A sign-up with an invitation that is invalid or for another address is
 * refused whatever the setting.
 */
async function signUpAllowedHook(db: Db, ctx: HookContext, now: Date) {
  if (ctx.path !== "/sign-up/email") return;
  if (await invitationOfSignUp(db, ctx, now)) return;
  if (await signUpOpen(db)) return;
  throw new APIError("FORBIDDEN", { message: SIGN_UP_CLOSED_MESSAGE, code: "SIGN_UP_CLOSED" });
}

const AUTH_KEY = Symbol.for("studio.auth");
type GlobalWithAuth = typeof globalThis & { [AUTH_KEY]?: Promise<Auth> };

/** The process-wide auth instance, made on first use (the database handle is async). */
export function auth(): Promise<Auth> {
  const g = globalThis as GlobalWithAuth;
  g[AUTH_KEY] ??= appDb().then((db) => createAuth({ db }));
  g[AUTH_KEY].catch(() => {
    delete g[AUTH_KEY];
  });
  return g[AUTH_KEY];
}

export type SessionUser = { id: string; email: string; name: string; role: string; emailVerified: boolean; twoFactorEnabled: boolean };

/** The signed-in user of a request, or null. */
export async function getSessionUser(request: Request, instance?: Auth): Promise<SessionUser | null> {
  const a = instance ?? (await auth());
  const session = await a.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string | null; twoFactorEnabled?: boolean | null };
  return { id: u.id, email: u.email, name: u.name, role: u.role ?? USER_ROLE, emailVerified: u.emailVerified, twoFactorEnabled: u.twoFactorEnabled === true };
}

export type AuthCallResult = { ok: true; status: number; body: unknown; setCookies: string[] } | { ok: false; status: number; message: string };

/** What an auth call answers when it failed on our side (the database, most likely); the cause goes to the log. */
export const AUTH_UNAVAILABLE_MESSAGE = "Something went wrong on our side. Please try again.";

/** better-auth's codes for a write that failed on our side, whatever their status (a user that cannot be stored is a 422). */
const FAILED_WRITE_CODES = new Set(["FAILED_TO_CREATE_USER", "FAILED_TO_CREATE_SESSION", "FAILED_TO_UPDATE_USER", "FAILED_TO_CREATE_VERIFICATION"]);

/**
 * Calls one better-auth endpoint through its HTTP handler on behalf of a page action, so the
 * rate limiter, origin check and cookies behave exactly as for a direct API call. The client's
 * address, origin and cookies are passed on; the Set-Cookie headers come back for the redirect.
 * Never throws: a failure on our side (a 5xx answer, a failed write, or the handler throwing, as
 * its rate limiter does when the database is down) is a 503 with AUTH_UNAVAILABLE_MESSAGE.
 */
export async function callAuthEndpoint(request: Request, path: string, body: Record<string, unknown>, instance?: Auth): Promise<AuthCallResult> {
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  for (const name of ["cookie", "origin", "referer", "user-agent", "x-client-ip"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("origin")) headers.set("origin", new URL(request.url).origin);
  const url = new URL(`${AUTH_BASE_PATH}${path}`, request.url);
  let response: Response;
  let text: string;
  try {
    const a = instance ?? (await auth());
    response = await a.handler(new Request(url, { method: "POST", headers, body: JSON.stringify(body) }));
    text = await response.text();
  } catch (error) {
    log.error("auth endpoint failed", { path, error: errorText(error) });
    return { ok: false, status: 503, message: AUTH_UNAVAILABLE_MESSAGE };
  }
  // better-auth has logged its own failure.
  if (response.status >= 500) return { ok: false, status: 503, message: AUTH_UNAVAILABLE_MESSAGE };
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    if (parsed && typeof parsed === "object" && "code" in parsed && FAILED_WRITE_CODES.has(String(parsed.code))) {
      return { ok: false, status: 503, message: AUTH_UNAVAILABLE_MESSAGE };
    }
    const message =
      response.status === 429
        ? rateLimitMessage(path)
        : parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string"
          ? parsed.message
          : `Request failed (${response.status}).`;
    return { ok: false, status: response.status, message };
  }
  return { ok: true, status: response.status, body: parsed, setCookies: response.headers.getSetCookie() };
}
