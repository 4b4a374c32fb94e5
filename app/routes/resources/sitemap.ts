import type { Route } from "./+types/sitemap";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { sitemapDocument } from "~/server/site/sitemap.server";

/** Kept in the page cache until the next admin write, compressed once (like the public pages). */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

/**
 * /sitemap.xml: the public pages, every tag page with published posts and every published post,
 * with last-modified dates; past 1,000 addresses, a sitemap index of /sitemaps/N.xml files of
 * 1,000 each (app/server/site/sitemap.server.ts, decision 0065).
 */
export async function loader() {
  const xml = await cached("sitemap.xml", async () => sitemapDocument(await db(), config().site.siteUrl));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
