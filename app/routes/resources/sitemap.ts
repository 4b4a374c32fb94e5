import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { listPublishedForFeed, listPublishedTags } from "~/server/posts/post-queries.server";
import { blogListHref } from "~/lib/blog";
import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { privacyPolicy, termsAndConditions } from "~/content/legal";

/** /sitemap.xml: the public pages, every published post and every tag page with published posts, with last-modified dates. */
export async function loader() {
  const { siteUrl } = config().site;
  const xml = await cached("sitemap.xml", async () => {
    const database = await db();
    const posts = await listPublishedForFeed(database);
    const tags = await listPublishedTags(database);
    const newest = posts.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const entries: { path: string; lastmod?: string; changefreq?: string; priority?: string }[] = [
      { path: "/", lastmod: newest ? day(newest) : undefined, changefreq: "weekly", priority: "1.0" },
      { path: "/blog", lastmod: newest ? day(newest) : undefined, changefreq: "daily", priority: "0.9" },
      { path: "/team", changefreq: "monthly", priority: "0.6" },
      { path: "/audit", changefreq: "yearly", priority: "0.5" },
      // The month kept with each legal text, as a full date (the sitemap schema wants one).
      { path: "/privacy", lastmod: `${privacyPolicy.lastUpdated.slice(0, 7)}-01`, changefreq: "yearly", priority: "0.3" },
      { path: "/terms", lastmod: `${termsAndConditions.lastUpdated.slice(0, 7)}-01`, changefreq: "yearly", priority: "0.3" },
      ...posts.map((p) => ({
        path: `/blog/${p.slug}`,
        lastmod: day(p.updatedAt > p.date ? p.updatedAt : p.date),
        changefreq: "monthly",
        priority: "0.7",
      })),
      ...tags.map((t) => ({ path: blogListHref({ tag: t.slug }), lastmod: day(t.updatedAt), changefreq: "weekly", priority: "0.5" })),
    ];
    const urls = entries
      .map(
        (e) =>
          `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, e.path))}</loc>\n` +
          (e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>\n` : "") +
          (e.changefreq ? `    <changefreq>${e.changefreq}</changefreq>\n` : "") +
          (e.priority ? `    <priority>${e.priority}</priority>\n` : "") +
          `  </url>`,
      )
      .join("\n");
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
