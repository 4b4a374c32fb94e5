import { publicPageCache } from "../../app/server/cache/page-cache.server";
import { sendCachedPage, type NodeRequest } from "../../app/server/cache/page-cache-fast-path.server";

type Middleware = (args: { request: Request; pattern?: string }, next: () => Promise<Response>) => Promise<Response>;

/** The page cache's route middleware, called as React Router calls it. */
export const middleware = publicPageCache as unknown as Middleware;

/** What the fast path sends for `url` with `accept-encoding` (server/main.js's plain handler), or null when it leaves the request to Express. */
export function fastPath(url: string, acceptEncoding?: string) {
  const sent: { status: number; headers: Map<string, string>; body: Buffer } = { status: 0, headers: new Map(), body: Buffer.alloc(0) };
  const req: NodeRequest = { method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} };
  const res = {
    set statusCode(status: number) {
      sent.status = status;
    },
    setHeader: (name: string, value: string) => sent.headers.set(name.toLowerCase(), value),
    end: (body?: Buffer) => (sent.body = body ?? Buffer.alloc(0)),
  };
  return sendCachedPage(req, res) ? sent : null;
}
