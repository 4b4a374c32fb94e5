import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { contentSecurityPolicy } from "~/server/http/content-security-policy.server";
import { inlineStylesheets } from "~/server/http/inline-stylesheet.server";

export { startup, shutdown, serverInfo, serverSettings } from "~/server/core/lifecycle.server";
export { sendCachedPage } from "~/server/cache/page-cache-fast-path.server";
export { collectFromNode } from "~/server/analytics/collect.server";
export { countAiCrawl } from "~/server/analytics/crawl-counts.server";
export { earlyHintLinks, sendEarlyHints } from "~/server/http/early-hints.server";
export { clientAddressResolver, trustFunction } from "~/server/http/client-address.server";
export { refuseEarly, sendRefusal } from "~/server/http/request-guard.server";
export { routerHandler } from "~/server/http/router-handler.server";

export const streamTimeout = 10_000;

/**
 * Streams the document. Crawlers (and requests with ?static) get the whole page at once;
 * every response carries a per-request nonce for its inline scripts and the matching CSP.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = crypto.randomBytes(16).toString("base64");
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, new URL(request.url).pathname));
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        // Public pages get the stylesheet inline (app/server/http/inline-stylesheet.server.ts).
        const inline = import.meta.env.DEV ? null : inlineStylesheets(new URL(request.url).pathname, routerContext.manifest.routes.root?.css ?? []);
        if (inline) {
          inline.pipe(body);
          pipe(inline);
        } else pipe(body);
      },
      onShellError(error: unknown) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
