import type { Route } from "./+types/rss";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { listPublishedForFeed } from "~/server/posts/post-queries.server";
import { postSummary } from "~/server/posts/markdown.server";
import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";

const FEED_SIZE = 50;
/** An item is described by its meta description, else its excerpt, else the start of its text, about this long. */
const FEED_SUMMARY_LENGTH = 200;

/** Kept in the page cache until the next admin write, compressed once (like the public pages). */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

/** /rss.xml: an RSS 2.0 feed of the newest published posts (linked from every page by the root). */
export async function loader() {
  const { site } = config();
  const xml = await cached("rss.xml", async () => {
    const posts = await listPublishedForFeed(await db(), FEED_SIZE);
    const blogUrl = absoluteUrl(site.siteUrl, "/blog");
    const items = posts
      .map((p) => {
        const link = absoluteUrl(site.siteUrl, `/blog/${p.slug}`);
        return [
          "    <item>",
          `      <title>${escapeXml(p.title)}</title>`,
          `      <link>${escapeXml(link)}</link>`,
          `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
          `      <pubDate>${p.date.toUTCString()}</pubDate>`,
          `      <dc:creator>${escapeXml(p.author)}</dc:creator>`,
          `      <category>${escapeXml(p.category)}</category>`,
          `      <description>${escapeXml(p.metaDescription || postSummary(p.excerpt, p.lead, FEED_SUMMARY_LENGTH))}</description>`,
          "    </item>",
        ].join("\n");
      })
      .join("\n");
    const lastBuild = posts[0] ? posts[0].date.toUTCString() : new Date(0).toUTCString();
    return [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
      "  <channel>",
      `    <title>${escapeXml(`${site.brandName} Insights`)}</title>`,
      `    <link>${escapeXml(blogUrl)}</link>`,
      `    <atom:link href="${escapeXml(absoluteUrl(site.siteUrl, "/rss.xml"))}" rel="self" type="application/rss+xml"/>`,
      `    <description>Stories, case studies and insights on AI automation, venture capital and scalable systems.</description>`,
      "    <language>en</language>",
      `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
      items,
      "  </channel>",
      "</rss>",
      "",
    ].join("\n");
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
