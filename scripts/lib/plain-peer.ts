import http from "node:http";
import type net from "node:net";

const PARAGRAPH =
  "Automation pays when the work is repetitive, the rules are clear and the volume is high. We start with one process, measure it, and only then widen the scope to the next.";

/**
 * The floor of `npm run bench:pages` (`BENCH_PEER_URL=plain`): a plain article as a static site
 * would serve it, one request and nothing else (no web font, no image, no script, a few lines of
 * CSS in the page), so a run's figures for it are what the day's machine and Lighthouse cost on
 * their own (docs/decisions/0056-bench-slow-day.md).
 */
export const PLAIN_PEER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A plain article</title>
<meta name="description" content="A plain static article: the floor the benchmark measures beside the site's pages.">
<link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;line-height:1.6;color:#111;background:#fff}h1{font-size:2rem;line-height:1.2}nav a{margin-right:1rem}</style>
</head>
<body>
<header><nav><a href="/">Home</a><a href="/#articles">Articles</a></nav></header>
<main id="articles"><h1>A plain article with a few paragraphs of text</h1>
${Array.from({ length: 8 }, (_, i) => `<p>${i + 1}. ${PARAGRAPH}</p>`).join("\n")}
</main>
<footer><p>A plain footer</p></footer>
</body>
</html>
`;

export type PlainPeer = { url: string; stop: () => Promise<void> };

/** Serves PLAIN_PEER_HTML at `/` on 127.0.0.1 (`port`, default a free one); any other path is a 404. */
export async function startPlainPeer(port = 0): Promise<PlainPeer> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    if (new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    res.end(req.method === "HEAD" ? undefined : PLAIN_PEER_HTML);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
