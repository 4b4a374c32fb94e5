import type { IncomingMessage } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { MESSAGES, bodyHasForbiddenCharacter, sendRefusal } from "./request-guard.server";
import { BODY_LIMITS, bodyClass } from "./request-limits.server";

/**
 * Express → React Router (in place of @react-router/express, which hands the raw request stream
 * to React Router unread and unbounded). Each body is counted while it streams: past its limit
 * (request-limits.server.ts) the request is answered 413 at once; within it, a form, JSON or text
 * body is read whole (at most 2 MB), refused with a 400 when a field holds a character no field
 * may hold, and handed on as bytes. An upload, and an admin form declared larger than its limit
 * (its screen refuses it by its header with its own message), stream on through the same counter.
 */
export function routerHandler(build: ServerBuild, mode?: string) {
  const handle = createRequestHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const body = await requestBody(req, res);
      if (body === ANSWERED) return;
      let request: Request;
      try {
        request = fetchRequest(req, res, body);
      } catch {
        return sendRefusal(req, res, { status: 400, message: MESSAGES.address });
      }
      await sendResponse(res, await handle(request));
    } catch (error) {
      next(error);
    }
  };
}

const ANSWERED = Symbol("answered");
type Body = Buffer | ReadableStream<Uint8Array> | undefined;

async function requestBody(req: ExpressRequest, res: ExpressResponse): Promise<Body | typeof ANSWERED> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const kind = bodyClass(req.path);
  const limit = BODY_LIMITS[kind];
  const tooLarge = () => sendRefusal(req, res, { status: 413, message: MESSAGES.tooLarge(limit) });
  const declared = Number(req.headers["content-length"] ?? 0);
  if (kind === "upload" || declared > limit) return countedStream(req, limit, tooLarge);
  const bytes = await readWithin(req, limit);
  if (bytes === "aborted") return ANSWERED;
  if (bytes === null) {
    tooLarge();
    return ANSWERED;
  }
  if (await bodyHasForbiddenCharacter(bytes, req.headers["content-type"])) {
    sendRefusal(req, res, { status: 400, message: MESSAGES.field });
    return ANSWERED;
  }
  return bytes;
}

/**
 * The whole body, null as soon as it passes `limit` (the rest is drained by server/main.js once
 * answered), or "aborted" when the client went away before sending it all.
 */
function readWithin(req: IncomingMessage, limit: number): Promise<Buffer | null | "aborted"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      cleanUp();
      req.pause();
      resolve(null);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanUp();
      if (req.destroyed) resolve("aborted");
      else reject(error);
    };
    const onClose = () => {
      cleanUp();
      resolve("aborted");
    };
    const cleanUp = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** The body as a stream that fails (after answering 413) once more than `limit` bytes went through. */
function countedStream(req: IncomingMessage, limit: number, tooLarge: () => void): ReadableStream<Uint8Array> {
  let size = 0;
  return createReadableStreamFromReadable(req).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size <= limit) return controller.enqueue(chunk);
        tooLarge();
        controller.error(new Error("request body too large"));
      },
    }),
  );
}

/** The Fetch request React Router reads: the address as the client (or the trusted proxy) gave it. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse, body: Body): Request {
  // Only a trusted proxy names the host (TRUST_PROXY; the same rule Express's req.hostname follows).
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0);
  const forwardedHost = trusted ? req.get("X-Forwarded-Host") : undefined;
  const port = [forwardedHost, req.get("host")].map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10)).find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
  else if (body) Object.assign(init, { body, duplex: "half" });
  return new Request(url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A page's own X-Frame-Options (the landing preview's SAMEORIGIN) replaces the server's DENY; other headers add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "x-frame-options") res.setHeader(name, value);
    else res.append(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
