import { hasControlCharacter } from "./text";

/**
 * Where signing in leads back to. An editor whom the running app sends to sign in (a save, or a
 * page opened in the app, after the session expired) comes back to that page, where the form
 * offers back what was typed (docs/decisions/0039). The page travels as `?redirectTo=` on the
 * sign-in page and is only ever a path of the back-office.
 */

export const SIGN_IN_PATH = "/admin/auth";
/** Where an admin who must set up two-factor sign-in first is sent (see authz.server.ts). */
export const ACCOUNT_PATH = "/admin/account";
export const RETURN_PARAM = "redirectTo";

const ORIGIN = "http://return.invalid";

/**
 * The page a request of the running app is for: its path and query, without React Router's data
 * suffix (`.data`, `_.data`) and its own parameters (`_routes`, `index`).
 */
export function pageOfDataRequest(url: URL): string {
  const pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A page to return to, or null: a path of the back-office (not the sign-in page itself), never
 * anything that could leave the site (another host, a scheme, a backslash, control characters).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\") || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const { pathname } = url;
  if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return null;
  if (pathname === SIGN_IN_PATH || pathname.startsWith(`${SIGN_IN_PATH}/`)) return null;
  return `${pathname}${url.search}`;
}

/** The sign-in page, returning to `page` afterwards when it is a page to return to. */
export function signInPath(page?: string | null): string {
  const to = safeReturnPath(page);
  return to ? `${SIGN_IN_PATH}?${RETURN_PARAM}=${encodeURIComponent(to)}` : SIGN_IN_PATH;
}

/** `path` with the page to return to added to its query (when there is one). */
export function withReturn(path: string, returnTo: string | null): string {
  if (!returnTo) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * Whether a navigation to `pathname` is the guard sending the editor away (to sign in, or to set
 * up two-factor sign-in first): a save answered so did not happen.
 */
export function isGuardDetour(pathname: string): boolean {
  return pathname === SIGN_IN_PATH || pathname === ACCOUNT_PATH;
}
