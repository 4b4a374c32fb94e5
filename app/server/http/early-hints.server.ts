import interBasic from "~/assets/fonts/inter-basic-wght.woff2?url";
import { isIslandsPage } from "~/islands/mode";

/** The parts of a Node request and response `sendEarlyHints` uses. */
export type HintRequest = {
  method?: string;
  url?: string;
  httpVersionMajor: number;
  httpVersionMinor: number;
  headers: Record<string, string | string[] | undefined>;
};
export type HintResponse = { writeEarlyHints(hints: Record<string, string | string[]>): void };

/** The part of React Router's asset manifest that names each route's stylesheets. */
export type CssManifest = { routes: Record<string, { css?: string[] } | undefined> };

/**
 * The `Link` values of the 103 Early Hints of a page: the one site stylesheet (the root route's CSS
 * in the build manifest) and the font file of the page's text (Inter cut to the characters pages
 * use, the same file app/routes/site/layout.tsx preloads), so a browser fetches both while the
 * page is rendered.
 */
export function earlyHintLinks(assets: CssManifest): string[] {
  const stylesheets = assets.routes.root?.css ?? [];
  return [...stylesheets.map((href) => `<${href}>; rel=preload; as=style`), `<${interBasic}>; rel=preload; as=font; type="font/woff2"; crossorigin`];
}

/**
 * Sends `103 Early Hints` with `links` for a page request (a public page's without the stylesheet,
 * which it carries inline): a GET or HEAD over HTTP/1.1 or later
 * (1xx answers are not allowed to HTTP/1.0 clients) that accepts HTML, outside /assets and /api and
 * not a client navigation's `.data` request. Returns whether it did. server/main.js calls it for the
 * requests the page cache's fast path did not answer: a cached page is sent at once, so hints
 * would only add a write in front of it.
 */
export function sendEarlyHints(req: HintRequest, res: HintResponse, links: string[]): boolean {
  if (links.length === 0 || (req.method !== "GET" && req.method !== "HEAD")) return false;
  if (req.httpVersionMajor < 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor < 1)) return false;
  const accept = req.headers.accept;
  if (typeof accept !== "string" || !accept.includes("text/html")) return false;
  const pathname = (req.url ?? "/").split("?")[0]!;
  if (/^\/(assets|api)(\/|$)/.test(pathname) || pathname.endsWith(".data")) return false;
  // Public pages carry the stylesheet inline (app/server/http/inline-stylesheet.server.ts): only the font.
  const wanted = isIslandsPage(pathname) ? links.filter((link) => !/;\s*as=style\b/.test(link)) : links;
  if (wanted.length === 0) return false;
  res.writeEarlyHints({ link: wanted });
  return true;
}
