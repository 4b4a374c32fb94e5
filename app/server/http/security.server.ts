import crypto from "node:crypto";
import { config } from "~/server/core/env.server";

/** The CSP source that allows one inline script by its content (the policy itself: content-security-policy.server.ts). */
export function scriptHash(content: string) {
  return `'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

function originOf(value: string | null) {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The one same-origin check of every write (CSRF): the Origin header, else the Referer, must be
 * this site (APP_URL or the address the request reached).
 */
export function isSameOrigin(request: Request) {
  const allowed = new Set([new URL(request.url).origin, new URL(config().appUrl).origin]);
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") return allowed.has(origin);
  const referer = originOf(request.headers.get("referer"));
  return referer !== null && allowed.has(referer);
}
