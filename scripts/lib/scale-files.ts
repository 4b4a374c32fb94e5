/**
 * bench:scale's in-process timings of the site's generated files on a cache miss: what the loaders
 * of /sitemap.xml, /sitemaps/N.xml, /rss.xml and /llms.txt do before the data cache keeps the
 * answer (an address cannot be asked for twice uncached over HTTP). Run with the server stopped
 * (an embedded database opens in one process at a time).
 */
import { openDatabase } from "../../app/server/db/client.server";
import { listPublishedForFeed } from "../../app/server/posts/post-queries.server";
import { sitemapDocument, sitemapPart } from "../../app/server/site/sitemap.server";
import { llmsTxt } from "../../app/server/analytics/ai-crawlers.server";
import { measure } from "./stats";

const SITE = { brandName: "Flowstate", siteUrl: "http://127.0.0.1:3000" };

export async function fixedFileTimings(env: { DATA_DIR: string; DATABASE_URL: string }, samples: number, target: number) {
  const handle = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined });
  const db = handle.db;
  const n = Math.min(samples, 10);
  try {
    const rows: { label: string; value: number; unit: string; target?: number }[] = [];
    const time = async (label: string, run: () => Promise<unknown>, bound?: number) => {
      const { p95 } = await measure(n, run);
      rows.push({ label: `file: ${label}`, value: p95, unit: "ms", target: bound });
    };
    await time("/sitemap.xml (whole, or the index)", () => sitemapDocument(db, SITE.siteUrl), target);
    await time("/sitemaps/1.xml (1,000 addresses)", () => sitemapPart(db, SITE.siteUrl, 1));
    const files = (await sitemapDocument(db, SITE.siteUrl)).match(/<sitemap>/g)?.length ?? 1;
    // One label at every size (the table's rows are matched by label): the file's number varies.
    await time("/sitemaps/N.xml (the last file)", () => sitemapPart(db, SITE.siteUrl, files));
    await time("/rss.xml (the newest 50)", () => listPublishedForFeed(db, 50), target);
    await time("/llms.txt (the newest 200)", async () => llmsTxt(SITE, await listPublishedForFeed(db, 200)), target);
    return rows;
  } finally {
    await handle.close();
  }
}
