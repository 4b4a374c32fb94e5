import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { invitationOfSignUp, invitationToken, lockoutAfterHook, lockoutBeforeHook } from "./auth-guards.server";
import { count } from "drizzle-orm";
import { auditAuthAfter, auditAuthBefore, twoFactorAuditHooks } from "./audit-auth.server";
import { db as appDb, type Db } from "./db/client.server";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "./db/schema.server";
import { config } from "./env.server";
import { markInvitationUsed } from "./invitations.server";
import { clearLockout } from "./lockout.server";
import { sendMail, type Mail } from "./mail.server";
import { passwordProblem } from "./password-policy.server";
import { signUpOpen } from "./settings.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/admin-validation";

/** Where better-auth answers (app/routes/resources/auth-api.ts forwards every request there). */
export const AUTH_BASE_PATH = "/api/auth";
/** Roles: admins use the back-office; everybody else waits for access. */
export const ADMIN_ROLE = "admin";
export const USER_ROLE = "user";
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH };

/** Per-client limit of every other auth endpoint: `max` requests per `window` seconds. */
export const AUTH_DEFAULT_RATE_LIMIT = { window: 60, max: 100 } as const;

/** Per-client limits of the endpoints that guess or send mail (better-auth's own limiter; windows in seconds). */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 30 },
  "/sign-up/email": { window: 60 * 10, max: 20 },
  "/request-password-reset": { window: 60 * 10, max: 5 },
  "/reset-password": { window: 60 * 10, max: 10 },
  "/send-verification-email": { window: 60 * 10, max: 5 },
  // Two-factor sign-in (the plugin's own rule is 3 per 10 s); each sign-in challenge also ends
  // after 5 wrong codes, and 10 in a row lock the account's second factor for 15 minutes.
  "/two-factor/verify-totp": { window: 60, max: 10 },
  "/two-factor/verify-backup-code": { window: 60, max: 10 },
  "/two-factor/enable": { window: 60, max: 10 },
  "/two-factor/disable": { window: 60, max: 10 },
} as const;

/** How often a session's expiry (and so its 'last active' time on /admin/account) is renewed, in seconds. */
export const SESSION_UPDATE_AGE = 60 * 10;

export const ADMIN_PLUGIN_WRITES = [
  "/admin/set-role",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/remove-user",
  "/admin/ban-user",
  "/admin/unban-user",
  "/admin/set-user-password",
  "/admin/impersonate-user",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
] as const;

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
        await mailer({
          to: user.email,
          subject: `Reset your ${brand} password`,
          text: `Someone asked to reset the password of your ${brand} account.\n\nChoose a new password here:\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
          html: mailHtml(
            `Reset your ${brand} password`,
            "Choose a new password with the button below. If you did not ask for this, ignore this mail.",
            url,
            "Choose a new password",
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        // An invited account is confirmed already: its invitation link proved the address.
        if (user.emailVerified) return;
        await mailer({
          to: user.email,
          subject: `Confirm your ${brand} account`,
          text: `Confirm your e-mail address to finish signing up:\n${url}\n\nIf you did not sign up, ignore this mail.`,
          html: mailHtml(`Confirm your ${brand} account`, "Confirm your e-mail address to finish signing up.", url, "Confirm my address"),
        });
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
async function passwordPolicyHook(ctx: HookContext) {
  const field = PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const body: unknown = ctx.body;
  if (!body || typeof body !== "object") return;
  const password: unknown = (body as Record<string, unknown>)[field];
  if (typeof password !== "string") return;
  const problem = await passwordProblem(password, await accountEmail(ctx, body as Record<string, unknown>));
  if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_POLICY" });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

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

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function mailHtml(title: string, text: string, url: string, action: string) {
  const href = escapeHtml(url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${href}" style="display:inline-block;background:#5b3df5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">Or paste this address into your browser: ${href}</p>
</body></html>`;
}

/** "a minute", "10 minutes", "1 hour", "90 seconds": a rate-limit window in words. */
function windowText(seconds: number) {
  if (seconds === 60) return "a minute";
  if (seconds % 3600 === 0) return seconds === 3600 ? "an hour" : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/**
 * What a page says when an auth endpoint refuses a client for sending too much: the wait is that
 * endpoint's own window (AUTH_RATE_LIMITS, else the default), after which the count starts again.
 */
export function rateLimitMessage(path: string) {
  const rule = (AUTH_RATE_LIMITS as Record<string, { window: number } | undefined>)[path] ?? AUTH_DEFAULT_RATE_LIMIT;
  return `Too many attempts. Please wait ${windowText(rule.window)} and try again.`;
}

export type AuthCallResult = { ok: true; status: number; body: unknown; setCookies: string[] } | { ok: false; status: number; message: string };

/**
 * Calls one better-auth endpoint through its HTTP handler on behalf of a page action, so the
 * rate limiter, origin check and cookies behave exactly as for a direct API call. The client's
 * address, origin and cookies are passed on; the Set-Cookie headers come back for the redirect.
 */
export async function callAuthEndpoint(request: Request, path: string, body: Record<string, unknown>, instance?: Auth): Promise<AuthCallResult> {
  const a = instance ?? (await auth());
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  for (const name of ["cookie", "origin", "referer", "user-agent", "x-client-ip"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("origin")) headers.set("origin", new URL(request.url).origin);
  const url = new URL(`${AUTH_BASE_PATH}${path}`, request.url);
  const response = await a.handler(new Request(url, { method: "POST", headers, body: JSON.stringify(body) }));
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
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
