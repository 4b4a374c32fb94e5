import type { Queryable } from "~/server/db/client.server";
import { keepNothing, type KeepOptions } from "~/server/cache/data-cache.server";
import { listPublishedForSitemap, listPublishedTags, newestPublicChange, publicCounts } from "~/server/posts/sitemap-queries.server";
import { listCaseStudiesForFeed } from "~/server/case-studies/case-study-queries.server";
import { blogListHref } from "~/lib/blog";
import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { privacyPolicy, termsAndConditions } from "~/content/legal";

/**
 * Addresses in one sitemap file (decision 0065). The protocol allows 50,000 a file; a file of
 * 1,000 is built in milliseconds (at 10,000 posts one file of ~12,000 addresses took 130–150 ms
 * on PostgreSQL after every admin write, and a 50,000-address file at 100,000 posts 667 ms), so
 * past 1,000 addresses /sitemap.xml is an index of small files.
 */
export const SITEMAP_URLS_PER_FILE = 1_000;

/** Where the files of a split sitemap are: /sitemaps/1.xml, /sitemaps/2.xml… */
export const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

type Entry = { path: string; lastmod?: string; changefreq?: string; priority?: string };

const day = (d: Date) => d.toISOString().slice(0, 10);
const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/**
 * The site's own pages, those before the case studies and those after them (the tag pages follow),
 * given the newest post's and case study's change days. `layout` counts them, `fixedEntries` lists them.
 */
function sitePages(newest?: string, newestStudy?: string): { before: Entry[]; after: Entry[] } {
  return {
    before: [
      { path: "/", lastmod: newest, changefreq: "weekly", priority: "1.0" },
      { path: "/blog", lastmod: newest, changefreq: "daily", priority: "0.9" },
      { path: "/case-studies", lastmod: newestStudy, changefreq: "weekly", priority: "0.8" },
    ],
    after: [
      { path: "/team", changefreq: "monthly", priority: "0.6" },
      { path: "/audit", changefreq: "yearly", priority: "0.5" },
      // The month kept with each legal text, as a full date (the sitemap schema wants one).
      { path: "/privacy", lastmod: `${privacyPolicy.lastUpdated.slice(0, 7)}-01`, changefreq: "yearly", priority: "0.3" },
      { path: "/terms", lastmod: `${termsAndConditions.lastUpdated.slice(0, 7)}-01`, changefreq: "yearly", priority: "0.3" },
    ],
  };
}

/**
 * Where the sitemap's addresses are, in a fixed order: the site's pages, then each published case
 * study, then each tag page with published posts (`fixed` addresses in all), then every published
 * post, oldest first. Counted from the kept counts (publicCounts), so the index and the files past
 * the first read neither every tag link nor every post; only the posts grow without bound.
 */
async function layout(db: Queryable) {
  const [counts, studies] = await Promise.all([publicCounts(db), listCaseStudiesForFeed(db)]);
  const { before, after } = sitePages();
  return { studies, fixed: before.length + studies.length + after.length + counts.tags, posts: counts.posts };
}
type Layout = Awaited<ReturnType<typeof layout>>;

/** The addresses before the posts, read only for the file that holds them. */
async function fixedEntries(db: Queryable, studies: Layout["studies"]): Promise<Entry[]> {
  const [tags, newestPost] = await Promise.all([listPublishedTags(db), newestPublicChange(db)]);
  const newestStudy = studies[0] ? day(studies[0].updatedAt > studies[0].date ? studies[0].updatedAt : studies[0].date) : undefined;
  const newest = newestPost ? day(newestPost) : undefined;
  const { before, after } = sitePages(newest, newestStudy);
  const studyEntries = studies.map((s) => ({
    path: `/case-studies/${s.slug}`,
    lastmod: day(s.updatedAt > s.date ? s.updatedAt : s.date),
    changefreq: "monthly",
    priority: "0.7",
  }));
  const tagEntries = tags.map((t) => ({ path: blogListHref({ tag: t.slug }), lastmod: day(t.updatedAt), changefreq: "weekly", priority: "0.5" }));
  return [...before, ...studyEntries, ...after, ...tagEntries];
}

/**
 * Entries `from` to `to` (exclusive) of the whole list. The addresses before the posts are read
 * for each file that holds some of them (at 2,000 tags the first three; each tag's newest change
 * alone took ~150 ms on PostgreSQL at 100,000 posts): `keep` lets those files share them.
 */
async function slice(db: Queryable, at: Layout, from: number, to: number, { keep = keepNothing }: KeepOptions = {}): Promise<Entry[]> {
  const head = from < at.fixed ? (await keep("sitemap:fixed", () => fixedEntries(db, at.studies))).slice(from, to) : [];
  const postFrom = Math.max(0, from - at.fixed);
  const postCount = to - at.fixed - postFrom;
  if (postCount <= 0) return head;
  const posts = await listPublishedForSitemap(db, postFrom, postCount);
  return [
    ...head,
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: day(p.updatedAt > p.date ? p.updatedAt : p.date), changefreq: "monthly", priority: "0.7" })),
  ];
}

function urlset(siteUrl: string, entries: Entry[]) {
  const urls = entries.map(
    (e) =>
      `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, e.path))}</loc>\n` +
      (e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>\n` : "") +
      (e.changefreq ? `    <changefreq>${e.changefreq}</changefreq>\n` : "") +
      (e.priority ? `    <priority>${e.priority}</priority>\n` : "") +
      `  </url>\n`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join("")}</urlset>\n`;
}

/**
 * /sitemap.xml: every address in one file while they fit `perFile`; past it, a sitemap index
 * naming the files (/sitemaps/N.xml) that hold them, `perFile` each.
 */
export async function sitemapDocument(db: Queryable, siteUrl: string, perFile = SITEMAP_URLS_PER_FILE) {
  const at = await layout(db);
  const total = at.fixed + at.posts;
  if (total <= perFile) return urlset(siteUrl, await slice(db, at, 0, total));
  const files = Math.ceil(total / perFile);
  const items = Array.from(
    { length: files },
    (_, i) => `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(siteUrl, sitemapPartPath(i + 1)))}</loc>\n  </sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join("")}</sitemapindex>\n`;
}

/** The `n`th file (from 1) of the sitemap split `perFile` addresses a file, or null past the last. */
export async function sitemapPart(db: Queryable, siteUrl: string, n: number, perFile = SITEMAP_URLS_PER_FILE, options: KeepOptions = {}) {
  const at = await layout(db);
  const total = at.fixed + at.posts;
  const from = (n - 1) * perFile;
  if (!Number.isSafeInteger(n) || n < 1 || (from >= total && n > 1)) return null;
  return urlset(siteUrl, await slice(db, at, from, Math.min(total, from + perFile), options));
}
