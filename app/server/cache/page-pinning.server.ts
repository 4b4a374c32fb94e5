import zlib from "node:zlib";
import { promisify } from "node:util";
import { scriptHash } from "~/server/http/security.server";

/**
 * A kept page is fixed bytes: its inline scripts are allowed by their SHA-256 hashes instead of
 * the render's nonce (the same protection: only those exact scripts run), so the bytes are the
 * same for every visitor and are compressed once, off the request path, in the thread pool.
 */

/**
 * A kept page's bytes, and their gzip and Brotli encodings once made: a page is kept as rendered
 * (pinned) and compressed when it is first read again (page-cache.server.ts), so a page asked for
 * once costs no compression.
 */
export type PageVariants = { identity: Buffer; gzip?: Buffer; br?: Buffer };

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The page without its nonce, and the CSP with the hashes of its inline scripts in its place. */
export function pinPage(html: string, csp: string | null): { html: string; csp: string | null } {
  const nonce = csp ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  if (!csp || !nonce) return { html, csp };
  const pinned = html.replaceAll(` nonce="${nonce}"`, ""); // (split and join took 8 times as long on a 384 KB page)
  const hashes = new Set<string>();
  for (const [, attributes, content] of pinned.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!) || /application\/ld\+json/.test(attributes!)) continue;
    const hash = scriptHash(content!);
    if (!csp.includes(hash)) hashes.add(hash); // the early-click script's hash is in every CSP already
  }
  // No other inline script (an islands page has only those the CSP pins already): the nonce just goes.
  const replaced = hashes.size ? csp.replace(`'nonce-${nonce}'`, [...hashes].join(" ")) : csp.replace(` 'nonce-${nonce}'`, "");
  return { html: pinned, csp: replaced };
}

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

/** Brotli's quality for a kept page's first encoding (milliseconds) and for its refined copy (page-cache.server.ts: a tenth fewer bytes, ~0.1 s of a pool thread per page). */
export const QUICK_BROTLI = 5;
export const BEST_BROTLI = 11;

/** `page`'s bytes and their gzip and Brotli encodings, made in the thread pool. */
export async function compressPage(page: string | Buffer, brotliQuality: number): Promise<Required<PageVariants>> {
  const identity = typeof page === "string" ? Buffer.from(page, "utf8") : page;
  const [gzip, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { identity, gzip, br };
}
