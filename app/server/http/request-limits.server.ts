import { MAX_UPLOAD_BYTES } from "~/lib/images";

/**
 * The one place that sets how large a request body may be, by who may send it (decision 0041).
 * Bodies are counted while they stream (router-handler.server.ts, and the beacon's fast path):
 * past its limit a request is answered 413 at once and nothing more is read into memory.
 */
export const BODY_LIMITS = {
  /** A beacon event is a few hundred bytes (POST /api/event). */
  beacon: 2 * 1024,
  /** What anyone may send: the audit request (4,000-character message), sign-in, sign-up, better-auth's API. */
  public: 64 * 1024,
  /** An admin form: a post's content is up to 200,000 characters, a few bytes each. */
  admin: 2 * 1024 * 1024,
  /** An image upload: 10 MB and the multipart envelope around it. */
  upload: MAX_UPLOAD_BYTES + 64 * 1024,
} as const;

export type BodyClass = keyof typeof BODY_LIMITS;

/** The sign-in screen is under /admin but anyone may post to it. */
const ANONYMOUS_ADMIN = /^\/admin\/auth(\.data)?$/;

/**
 * A part of an address percent-decoded the way browsers and URLSearchParams do it: valid escapes
 * decoded (as UTF-8, U+FFFD for bad bytes), a stray '%' left as it is. Never throws: a sloppy
 * campaign link (`?utm_content=50%off`) is still a page.
 */
export function decodeLeniently(part: string): string {
  return new URLSearchParams(`v=${part.replace(/[&=+#]/g, encodeURIComponent)}`).get("v") ?? "";
}

/** Which limit a request's body falls under, from its path as React Router matches it (decoded, any case, without trailing slashes; ".data" requests included). */
export function bodyClass(rawPathname: string): BodyClass {
  const pathname = decodeLeniently(rawPathname).toLowerCase().replace(/\/+$/, "") || "/";
  if (pathname === "/api/event") return "beacon";
  if (pathname === "/api/admin/upload") return "upload";
  if (/^\/admin(\/|\.data$|$)/.test(pathname) && !ANONYMOUS_ADMIN.test(pathname)) return "admin";
  return "public";
}

/** "64 KB", "2 MB": a limit as a person reads it. */
export function describeBytes(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
