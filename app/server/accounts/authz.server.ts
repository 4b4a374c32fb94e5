import { redirect } from "react-router";
import { ADMIN_ROLE, getSessionUser, type SessionUser } from "./auth.server";
import { setAuditActor } from "~/server/admin/audit.server";
import { isSameOrigin } from "~/server/http/security.server";
import { db } from "~/server/db/client.server";
import { readSettings } from "~/server/site/settings.server";
import { throwError } from "~/lib/error-payload";
import { ACCOUNT_PATH, pageOfDataRequest, SIGN_IN_PATH, signInPath } from "~/lib/sign-in-return";

const NO_ACCESS = "Your account has no access to the back-office yet.";

const TWO_FACTOR_REQUIRED = "Set up two-factor sign-in first: this site requires it for admins.";

/**
 * 'Require two-factor sign-in for admins' (/admin/settings) is on and this admin has not set it
 * up: every admin page but the account page sends them there (sign-out and the auth API are not
 * admin pages, so they stay reachable).
 */
async function mustSetUpTwoFactor(user: SessionUser, request: Request) {
  if (user.twoFactorEnabled) return false;
  if (!(await readSettings(await db())).requireTwoFactor) return false;
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
  return pathname !== ACCOUNT_PATH;
}

/**
 * Where a request without a session is sent: the sign-in page, which returns the editor to the
 * page afterwards when the running app asked (a `.data` request: a save, an autosave, a page
 * opened in the app), so the form there can offer back what was typed. A page asked for by its
 * address (or a form posted without JavaScript) gets the plain sign-in page.
 */
function signInFor(request: Request) {
  const url = new URL(request.url);
  return url.pathname.endsWith(".data") ? signInPath(pageOfDataRequest(url)) : SIGN_IN_PATH;
}

/**
 * The server-side guard of every admin loader and action: anonymous requests go to
 * /admin/auth, signed-in accounts without the admin role get a 403 that renders the
 * "waiting for access" screen. Returns the admin.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  let check = adminChecks.get(request);
  if (!check) {
    check = checkAdmin(request);
    adminChecks.set(request, check);
  }
  const user = await check;
  setAuditActor(user);
  return user;
}

/**
 * Each request's admin check, made once: the back-office layout's loader and its page's loader
 * both call `requireAdmin` for the same request, side by side, and each used to read the session,
 * its user and the settings (six statements where three do). Keyed by the Request object, so the
 * loaders that follow an action (React Router gives them a Request of their own) check afresh.
 */
const adminChecks = new WeakMap<Request, Promise<SessionUser>>();

async function checkAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInFor(request));
  if (user.role !== ADMIN_ROLE) {
    throwError(403, { message: NO_ACCESS, reason: "waiting-for-access", email: user.email });
  }
  if (await mustSetUpTwoFactor(user, request)) throw redirect(ACCOUNT_PATH);
  return user;
}

/** The same check for resource endpoints (uploads): a JSON 401 or 403 instead of pages. */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw Response.json({ error: "Sign in to continue." }, { status: 401 });
  if (user.role !== ADMIN_ROLE) throw Response.json({ error: NO_ACCESS }, { status: 403 });
  if (await mustSetUpTwoFactor(user, request)) throw Response.json({ error: TWO_FACTOR_REQUIRED }, { status: 403 });
  return user;
}

/** Refuses cross-site writes (CSRF) with a 403; call first in every admin action. */
export function requireSameOrigin(request: Request, as: "page" | "json" = "page") {
  if (isSameOrigin(request)) return;
  const message = "This request did not come from this site.";
  if (as === "json") throw Response.json({ error: message }, { status: 403 });
  throwError(403, { message, reason: "cross-origin" });
}

/** Admin pages are personal and never cached or indexed. */
export const ADMIN_CACHE_CONTROL = "private, no-store";
