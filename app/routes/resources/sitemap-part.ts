import type { Route } from "./+types/sitemap-part";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { sitemapPart, SITEMAP_URLS_PER_FILE } from "~/server/site/sitemap.server";
import { notFoundText } from "~/server/http/errors.server";

/** Kept in the page cache until the next admin write, compressed once (like the public pages). */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

/** /sitemaps/N.xml: the Nth file of the sitemap (1,000 addresses each, decision 0065) the index at /sitemap.xml names; 404 past the last. */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(params.file);
  const n = match ? Number(match[1]) : 0;
  // The files holding the site's pages and tags share that list while it is kept.
  const xml = n ? await cached(`sitemap:${n}`, async () => sitemapPart(await db(), config().site.siteUrl, n, SITEMAP_URLS_PER_FILE, { keep: cached })) : null;
  if (xml === null) throw notFoundText();
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
