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
 * (pinned) with the one encoding its first reader took (the compression that reader cost anyway);
 * the others are made when it is first read again (page-cache.server.ts).
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

/**
 * Brotli's quality for a page's first encodings and for its refined copy. The first is made on a
 * miss's path, for its reader, and kept (page-cache.server.ts): at 4, as the `compression`
 * middleware sent every render before, 0.8 ms of a pool thread for a post and 1.3 ms for a blog
 * page of 60 cards (5 took 1.2 and 2.0 ms for 4–8 % fewer bytes). The refined copy is ~0.1 s of a
 * pool thread per page, for a tenth fewer bytes.
 */
export const QUICK_BROTLI = 4;
/**
 * Brotli's quality for the first reader of a page with a query (a search, a later page of the list,
 * a category or a tag: each value a page of its own, most asked for once): 1 takes a quarter of 4's
 * time for ~15 % more bytes (a two-digit search's 152 KB page: 0.34 ms and 23.6 KB against 1.54 ms
 * and 20.6 KB). Made again at QUICK_BROTLI once the page is read again.
 */
export const FIRST_BROTLI = 1;
export const BEST_BROTLI = 11;

/** An encoding a kept page is sent in. */
export type PageEncoding = keyof PageVariants;

/** The encoding for a request's Accept-Encoding: Brotli when it takes it, else gzip, else the bytes as they are. */
export function acceptedEncoding(acceptEncoding: string | null | undefined): PageEncoding {
  const accepted = acceptEncoding ?? "";
  return /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
}

/** `identity` in `encoding`, made in the thread pool (gzip at 6, Brotli at `brotliQuality`). */
export async function encodePage(identity: Buffer, encoding: Exclude<PageEncoding, "identity">, brotliQuality: number): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(identity, GZIP);
  return brotliAsync(identity, brotliOptions(identity, brotliQuality));
}

/** `encodePage`'s bytes, made here on the calling thread. */
export function encodePageNow(identity: Buffer, encoding: Exclude<PageEncoding, "identity">, brotliQuality: number): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(identity, GZIP);
  return zlib.brotliCompressSync(identity, brotliOptions(identity, brotliQuality));
}

const GZIP = { level: 6 };
const brotliOptions = (identity: Buffer, quality: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
});

/** `page`'s bytes and their gzip and Brotli encodings, made in the thread pool; those in `made` (of the same bytes) are reused. */
export async function compressPage(page: string | Buffer, brotliQuality: number, made: Omit<PageVariants, "identity"> = {}): Promise<Required<PageVariants>> {
  const identity = typeof page === "string" ? Buffer.from(page, "utf8") : page;
  const [gzip, br] = await Promise.all([made.gzip ?? encodePage(identity, "gzip", brotliQuality), made.br ?? encodePage(identity, "br", brotliQuality)]);
  return { identity, gzip, br };
}
