import type { Route } from "./+types/llms";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { listPublishedForFeed } from "~/server/posts/post-queries.server";
import { listCaseStudiesForFeed } from "~/server/case-studies/case-study-queries.server";
import { llmsTxt } from "~/server/analytics/ai-crawlers.server";
import { notFoundText } from "~/server/http/errors.server";
import { publishedLanding } from "~/server/site/landing-content.server";

/** The newest posts /llms.txt lists (the sitemap has every one). */
const LLMS_POSTS = 200;

/**
 * /llms.txt: the site summary for AI crawlers and answer engines (see app/server/analytics/ai-crawlers.server.ts).
 * Kept in the page cache and the data cache until the next admin write, like the public pages;
 * 404 with AI_CRAWLERS=off.
 */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

export async function loader() {
  const { site, aiCrawlers } = config();
  if (!aiCrawlers) throw notFoundText();
  const text = await cached("llms.txt", async () => {
    const database = await db();
    return llmsTxt(site, await listPublishedForFeed(database, LLMS_POSTS), await listCaseStudiesForFeed(database, LLMS_POSTS), await publishedLanding());
  });
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
