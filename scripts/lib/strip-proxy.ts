import http from "node:http";
import type net from "node:net";
import zlib from "node:zlib";
import { stripScripts } from "./page-bench";

/** Decoders and encoders of the content codings a server may answer with. */
const CODINGS: Record<string, { decode: (b: Buffer) => Buffer; encode: (b: Buffer) => Buffer }> = {
  br: { decode: zlib.brotliDecompressSync, encode: (b) => zlib.brotliCompressSync(b) },
  gzip: { decode: zlib.gunzipSync, encode: (b) => zlib.gzipSync(b) },
  deflate: { decode: zlib.inflateSync, encode: (b) => zlib.deflateSync(b) },
};

export type StripProxy = { url: string; stop: () => Promise<void> };

/**
 * A 127.0.0.1 proxy in front of `target` (an http origin) that answers every request as the target
 * does, except that text/html bodies lose their scripts and modulepreload links
 * (`stripScripts`): the same page, CSS, fonts and images, without JavaScript. Other answers, and
 * the headers of all answers (103 Early Hints included), are passed on unchanged, bar the length
 * of a rewritten body.
 */
export async function startStripProxy(target: string, port = 0): Promise<StripProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      if (!type.startsWith("text/html")) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const encoding = String(answer.headers["content-encoding"] ?? "").trim();
        const coding = CODINGS[encoding];
        const raw = Buffer.concat(chunks);
        const html = stripScripts((coding ? coding.decode(raw) : raw).toString("utf8"));
        const body = coding ? coding.encode(Buffer.from(html)) : Buffer.from(html);
        const headers = { ...answer.headers };
        delete headers["transfer-encoding"];
        headers["content-length"] = String(body.byteLength);
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(body);
      });
      answer.on("error", () => res.destroy());
    });
    forward.on("information", (info) => {
      if (info.statusCode === 103) res.writeEarlyHints(earlyHintHeaders(info.headers));
    });
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: listening } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function earlyHintHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  // writeEarlyHints takes the Link header as `link`, one entry per link: Node refuses the
  // comma-joined form the proxy receives when the server sent several.
  const link = out.link;
  if (typeof link === "string") out.link = link.split(/,\s*(?=<)/);
  return out;
}
