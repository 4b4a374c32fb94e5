import { PAGE_CACHE_HIT_TIMING, readPage } from "./page-cache.server";
import { pageCacheKey } from "./page-cache-rule.server";
import { acceptedEncoding } from "./page-pinning.server";

/** The parts of a Node `IncomingMessage` and `ServerResponse` the fast path uses. */
export type NodeRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };
export type NodeResponse = { statusCode: number; setHeader(name: string, value: string): unknown; end(body?: Buffer): unknown };

/**
 * The page cache for a plain Node server, in front of everything else: sends a kept page (Brotli
 * or gzip when the client accepts it) and returns true, or returns false (the request goes on to
 * React Router, which fills the cache, or answers from it while the page's encodings are made).
 * A HEAD request gets the headers alone. Cookies play no part (no kept page reads one:
 * page-cache-rule.server.ts). server/main.js calls it first, through the server build
 * (app/entry.server.tsx exports it).
 */
export function sendCachedPage(req: NodeRequest, res: NodeResponse): boolean {
  const key = pageCacheKey({ method: req.method, url: req.url });
  const entry = key === null ? null : readPage(key);
  if (!entry) return false;
  const encoding = acceptedEncoding(String(req.headers["accept-encoding"] ?? ""));
  const body = entry.variants[encoding];
  // A page keeps the encoding its first reader took; the others are made when it is first read
  // again (page-cache.server.ts): until they are, Express sends it, compressed on the way out.
  if (!body) return false;
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.byteLength));
  res.setHeader("Server-Timing", PAGE_CACHE_HIT_TIMING);
  if (req.method === "HEAD") res.end();
  else res.end(body);
  return true;
}
