import { config } from "~/server/env.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";

/** /robots.txt: everything public may be crawled except the back-office and the API; names the sitemap. */
export function loader() {
  const { siteUrl } = config().site;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
