import { EARLY_CLICKS_APP_SCRIPT, EARLY_CLICKS_ISLANDS_SCRIPT, START_ISLANDS_SCRIPT } from "virtual:inline-scripts";
import { config } from "~/server/core/env.server";
import { scriptHash } from "./security.server";
import { isIslandsPage, SPECULATION_RULES } from "~/islands/mode";

/**
 * The inline scripts a page carries, allowed by the hashes of the very bytes app/root.tsx writes,
 * and only those of its kind: a public page's early-click script, islands' starter (both built
 * from app/boot/inline/*.ts: "virtual:inline-scripts", scripts/lib/inline-scripts.ts) and
 * speculation rules' JSON (app/islands/mode.ts); the back-office's own build of the early-click
 * script. A public page's header is part of the bytes its first round trip carries (decision 0036).
 * Apart from security.server.ts, which scripts run outside Vite import (through authz for
 * `isSameOrigin`), and which cannot load a virtual module.
 */
const PUBLIC_PAGE_HASHES = [EARLY_CLICKS_ISLANDS_SCRIPT, START_ISLANDS_SCRIPT, SPECULATION_RULES].map(scriptHash).join(" ");
const BACK_OFFICE_HASHES = scriptHash(EARLY_CLICKS_APP_SCRIPT);

function origin(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The landing page's editor frames its live preview, and only that page may frame the preview (docs/decisions/0050). */
const PREVIEW_PARENT = "/admin/site";
const PREVIEW = "/admin/site/preview";

/**
 * The Content Security Policy of every page: our own scripts (with this request's nonce when it has
 * one, and its kind's inline scripts by their hashes), styles and fonts; images from us or the S3
 * store; the scheduling page as the only frame (and the landing preview, on its editor's page alone). A public page has no nonce: its inline
 * scripts are those three (app/entry.server.tsx). Fonts and fetches fall back to `default-src 'self'`:
 * naming them again cost every page's header 36 bytes of its first round trip.
 */
export function contentSecurityPolicy(nonce: string | undefined, pathname = "/") {
  const { site, s3 } = config();
  const imageOrigins = [origin(s3?.publicUrl), origin(s3?.endpoint)].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""} ${isIslandsPage(pathname) ? PUBLIC_PAGE_HASHES : BACK_OFFICE_HASHES}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigins ? ` ${imageOrigins}` : s3 ? " https:" : ""}`,
    `frame-src ${pathname === PREVIEW_PARENT ? "'self'" : (origin(site.schedulingUrl) ?? "'none'")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${pathname === PREVIEW ? "'self'" : "'none'"}`,
  ].join("; ");
}
