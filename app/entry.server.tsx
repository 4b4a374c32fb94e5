import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { contentSecurityPolicy } from "~/server/http/content-security-policy.server";
import { stylesheetInliner } from "~/server/http/inline-stylesheet.server";
import { documentResponse } from "~/server/http/rendered-text.server";

export { startup, shutdown, serverInfo, serverSettings } from "~/server/core/lifecycle.server";
export { sendCachedPage } from "~/server/cache/page-cache-fast-path.server";
export { collectFromNode } from "~/server/analytics/collect.server";
export { countAiCrawl } from "~/server/analytics/crawl-counts.server";
export { earlyHintLinks, sendEarlyHints } from "~/server/http/early-hints.server";
export { clientAddressResolver, trustFunction } from "~/server/http/client-address.server";
export { refuseEarly, sendRefusal } from "~/server/http/request-guard.server";
export { routerHandler } from "~/server/http/router-handler.server";
export { warmUp } from "~/server/site/warm-up.server";

export const streamTimeout = 10_000;

/**
 * Renders the document. A public page is rendered whole, as a string, with its stylesheet inline
 * (app/server/http/inline-stylesheet.server.ts); other pages stream, except to crawlers (and
 * requests with ?static), which get the whole page at once. Every response carries a CSP; a
 * streamed page, a per-request nonce for its inline scripts.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const { pathname } = new URL(request.url);
  const inline = import.meta.env.DEV ? null : stylesheetInliner(pathname, routerContext.manifest.routes.root?.css ?? []);
  // A public page's inline scripts (the early-click script, the islands' starter, the speculation
  // rules) are allowed by their hashes: it needs no nonce, so its bytes are the same for every
  // visitor as rendered (the page cache had to take a nonce out of every page it kept).
  const nonce = inline ? undefined : crypto.randomBytes(16).toString("base64");
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, pathname));
  const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;

  // Public pages suspend nothing and are held whole anyway (their stylesheet is cut to the page's
  // class words; the page cache keeps the document): a string render skips the stream's chunks
  // and their UTF-8 encoding, and the cut reads the string as it is. A blog page of 60 cards
  // (290 KB) was ~3 ms faster to its last byte, a post ~0.5 ms (docs/decisions/0066).
  if (inline) {
    try {
      const html = inline(`<!DOCTYPE html>${renderToString(router)}`);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      return Promise.resolve(documentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
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
