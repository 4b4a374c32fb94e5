import crypto from "node:crypto";
import { config } from "./env.server";
import { EARLY_CLICKS_SCRIPT } from "~/lib/early-clicks";
import { SPECULATION_RULES, START_ISLANDS_SCRIPT } from "~/islands/mode";

/** The CSP source that allows one inline script by its content. */
export function scriptHash(content: string) {
  return `'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/** The one inline script every page has before React's own (they carry the request's nonce). */
const EARLY_CLICKS_HASH = scriptHash(EARLY_CLICKS_SCRIPT);
/** The speculation rules of the public pages (app/islands/mode.ts), inline JSON. */
const SPECULATION_RULES_HASH = scriptHash(SPECULATION_RULES);
/** The script that starts the islands after load (app/islands/mode.ts). */
const START_ISLANDS_HASH = scriptHash(START_ISLANDS_SCRIPT);

function origin(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content Security Policy of every page: our own scripts (with this request's nonce, and the
 * early-click script, the speculation rules and the islands' starter by their hashes), styles and fonts; images from us or the S3 store; the scheduling page as the only frame.
 */
export function contentSecurityPolicy(nonce: string) {
  const { site, s3 } = config();
  const imageOrigins = [origin(s3?.publicUrl), origin(s3?.endpoint)].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${EARLY_CLICKS_HASH} ${SPECULATION_RULES_HASH} ${START_ISLANDS_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigins ? ` ${imageOrigins}` : s3 ? " https:" : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${origin(site.schedulingUrl) ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
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
