import { config } from "~/server/core/env.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { robotsTxt } from "~/server/analytics/ai-crawlers.server";

/**
 * /robots.txt: everything public may be crawled except the back-office and the API; names the
 * sitemap; allows /llms.txt and the posts' markdown, or with AI_CRAWLERS=off keeps AI crawlers out.
 */
export function loader() {
  const { site, aiCrawlers } = config();
  return new Response(robotsTxt(site.siteUrl, aiCrawlers), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
