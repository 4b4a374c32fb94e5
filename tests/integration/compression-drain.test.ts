import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterEach, expect, it } from "vitest";
import { wholeDrainListeners } from "../../server/drain-listeners.js";

/**
 * server/drain-listeners.js behind compression(), as server/main.js mounts them: a page streamed
 * by React Router's body writer in chunks larger than the zlib stream's buffer waits for a drain
 * after each write.
 */
const CHUNKS = 40;
const CHUNK_BYTES = 64 * 1024;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serve(withRelay: boolean) {
  const app = express();
  app.use(compression());
  if (withRelay) app.use(wholeDrainListeners());
  const sent = crypto.randomBytes(CHUNKS * CHUNK_BYTES);
  app.get("/page", (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= sent.length) return controller.close();
        controller.enqueue(sent.subarray(at, (at += CHUNK_BYTES)));
      },
    });
    void writeReadableStreamToWritable(body, res);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`, sent };
}

/** The page, Brotli-decoded, and the listener warnings Node printed while it was sent. */
async function fetchPage(url: string) {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warning.name === "MaxListenersExceededWarning" && warnings.push(warning);
  process.on("warning", onWarning);
  try {
    const { encoding, body } = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": "br" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
          response.on("error", reject);
        })
        .on("error", reject);
    });
    // Node emits a warning on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { encoding, body: zlib.brotliDecompressSync(body), warnings };
  } finally {
    process.off("warning", onWarning);
  }
}

it("a large streamed page leaves no drain listener behind on the compression stream, and arrives whole", async () => {
  const { url, sent } = await serve(true);
  const page = await fetchPage(url);
  expect(page.encoding).toBe("br");
  expect(page.body.equals(sent)).toBe(true);
  expect(page.warnings.map((w) => w.message)).toEqual([]);
});

it("without it, compression() collects a listener per wait (the fault it mends, expressjs/compression#135)", async () => {
  const { url, sent } = await serve(false);
  const page = await fetchPage(url);
  expect(page.body.equals(sent)).toBe(true);
  expect(page.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/drain listeners added to \[BrotliCompress\]/)]);
});
