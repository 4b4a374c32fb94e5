import { EARLY_CLICKS_APP_SCRIPT, EARLY_CLICKS_ISLANDS_SCRIPT, START_ISLANDS_SCRIPT } from "virtual:inline-scripts";
import { config } from "~/server/core/env.server";
import { scriptHash } from "./security.server";
import { SPECULATION_RULES } from "~/islands/mode";

/**
 * The inline scripts every page may carry, allowed by the hashes of the very bytes app/root.tsx
 * writes: the early-click script (one build for public pages, one for the back-office) and the islands' starter, built from app/boot/inline/*.ts
 * ("virtual:inline-scripts", scripts/lib/inline-scripts.ts), and the speculation rules' JSON
 * (app/islands/mode.ts). Apart from security.server.ts, which scripts run outside Vite import
 * (through authz for `isSameOrigin`), and which cannot load a virtual module.
 */
const INLINE_HASHES = [EARLY_CLICKS_ISLANDS_SCRIPT, EARLY_CLICKS_APP_SCRIPT, SPECULATION_RULES, START_ISLANDS_SCRIPT].map(scriptHash).join(" ");

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
 * one, and the early-click script, the speculation rules and the islands' starter by their
 * hashes), styles and fonts; images from us or the S3 store; the scheduling page as the only frame
 * (and the landing preview, on its editor's page alone). A public page has no nonce: its inline
 * scripts are those three (app/entry.server.tsx).
 */
export function contentSecurityPolicy(nonce: string | undefined, pathname = "/") {
  const { site, s3 } = config();
  const imageOrigins = [origin(s3?.publicUrl), origin(s3?.endpoint)].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""} ${INLINE_HASHES}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageOrigins ? ` ${imageOrigins}` : s3 ? " https:" : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${pathname === PREVIEW_PARENT ? "'self'" : (origin(site.schedulingUrl) ?? "'none'")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${pathname === PREVIEW ? "'self'" : "'none'"}`,
  ].join("; ");
}
