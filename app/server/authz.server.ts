import { data, redirect } from "react-router";
import { ADMIN_ROLE, getSessionUser, type SessionUser } from "./auth.server";
import { isSameOrigin } from "./security.server";

/** What the admin layout's error boundary gets for a signed-in account without the admin role. */
export type WaitingForAccess = { reason: "waiting-for-access"; email: string };

/**
 * The server-side guard of every admin loader and action (PRODUCT.md): anonymous requests go to
 * /admin/auth, signed-in accounts without the admin role get a 403 that renders the
 * "waiting for access" screen. Returns the admin.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/admin/auth");
  if (user.role !== ADMIN_ROLE) {
    throw data({ reason: "waiting-for-access", email: user.email } satisfies WaitingForAccess, { status: 403 });
  }
  return user;
}

/** The same check for resource endpoints (uploads): a JSON 401 or 403 instead of pages. */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw Response.json({ error: "Sign in to continue." }, { status: 401 });
  if (user.role !== ADMIN_ROLE) throw Response.json({ error: "Your account has no access to the back-office yet." }, { status: 403 });
  return user;
}

/** Refuses cross-site writes (CSRF) with a 403; call first in every admin action. */
export function requireSameOrigin(request: Request, as: "page" | "json" = "page") {
  if (isSameOrigin(request)) return;
  const message = "This request did not come from this site.";
  if (as === "json") throw Response.json({ error: message }, { status: 403 });
  throw data({ reason: "cross-origin", message }, { status: 403 });
}

/** Admin pages are personal and never cached or indexed. */
export const ADMIN_CACHE_CONTROL = "private, no-store";
