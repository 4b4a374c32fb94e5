import type { Route } from "./+types/case-study-rss";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { listCaseStudiesForFeed } from "~/server/case-studies/case-study-queries.server";
import { caseStudyFeed } from "~/server/case-studies/case-study-documents.server";

const FEED_SIZE = 50;

/** Kept in the page cache until the next admin write, compressed once (like the public pages). */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

/** /case-studies/rss.xml: the published case studies' own RSS feed (the blog's /rss.xml stays the Insights feed). */
export async function loader() {
  const { site } = config();
  const xml = await cached("case-studies:rss", async () => caseStudyFeed(site, await listCaseStudiesForFeed(await db(), FEED_SIZE)));
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
