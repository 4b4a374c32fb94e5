import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";
import { post } from "../support/post-input";
import { createPost } from "~/server/posts/post-writes.server";
import { createTag } from "~/server/posts/tag-queries.server";
import {
  listPublishedTags,
  newestPublicChange,
  newestPublicChangeQuery,
  publishedPostsSummary,
  publishedPostsSummaryQuery,
  sitemapPostIds,
} from "~/server/posts/sitemap-queries.server";
import { sitemapDocument, sitemapPart, SITEMAP_URLS_PER_FILE } from "~/server/site/sitemap.server";

const root = path.resolve(import.meta.dirname, "../..");
const SITE = "https://studio.example";
const URLSET_SCHEMA = path.join(root, "node_modules/sitemap/schema/sitemap.xsd");
const INDEX_SCHEMA = path.join(root, "tests/support/schemas/siteindex.xsd");

/** Throws (failing the test) when xmllint finds the document invalid against `schema`. */
function validate(xml: string, schema: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-")), "doc.xml");
  fs.writeFileSync(file, xml);
  execFileSync("xmllint", ["--noout", "--nonet", "--schema", schema, file], { stdio: "pipe" });
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
  const tag = (await createTag(handle.db, "Scale"))!;
  // Eleven live posts a day apart (oldest first), a draft and a scheduled one that must stay out.
  for (let i = 0; i < 11; i++) {
    await createPost(handle.db, post({ slug: `live-${String(i).padStart(2, "0")}`, publishedAt: new Date(Date.UTC(2026, 0, 1 + i)) }), i === 0 ? [tag.id] : []);
  }
  await createPost(handle.db, post({ slug: "a-draft", published: false }), []);
  await createPost(handle.db, post({ slug: "scheduled", publishedAt: new Date(Date.now() + 86_400_000) }), []);
});
afterAll(async () => {
  await handle.close();
});

describe(`sitemap split past the protocol's limit (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("holds 1,000 addresses a file, well within the protocol's 50,000", () => {
    expect(SITEMAP_URLS_PER_FILE).toBe(1_000);
  });

  it("is one valid file while the addresses fit", async () => {
    const xml = await sitemapDocument(handle.db, SITE);
    validate(xml, URLSET_SCHEMA);
    // The seven pages (with /case-studies), the tag page and the eleven live posts; never the draft or the scheduled post.
    expect(locs(xml)).toHaveLength(19);
    expect(xml).toContain(`<loc>${SITE}/blog?tag=scale</loc>`);
    expect(xml).not.toContain("a-draft");
    expect(xml).not.toContain("/blog/scheduled");
  });

  it("past the limit, a valid index of valid files that hold every address once, oldest posts first", async () => {
    const whole = locs(await sitemapDocument(handle.db, SITE));
    const index = await sitemapDocument(handle.db, SITE, 5);
    validate(index, INDEX_SCHEMA);
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([1, 2, 3, 4].map((n) => `${SITE}/sitemaps/${n}.xml`));

    const parts: string[][] = [];
    for (const n of [1, 2, 3, 4]) {
      const xml = (await sitemapPart(handle.db, SITE, n, 5))!;
      validate(xml, URLSET_SCHEMA);
      parts.push(locs(xml));
    }
    expect(parts.map((p) => p.length)).toEqual([5, 5, 5, 4]);
    expect(parts.flat()).toEqual(whole);
    expect(new Set(parts.flat()).size).toBe(whole.length);
    // The posts, oldest first, so a file keeps its addresses as posts are added.
    const posts = parts.flat().filter((l) => l.includes("/blog/live-"));
    expect(posts).toEqual(posts.toSorted());
  });

  it("files that share the site's pages and tags read them once while they are kept, and hold the same addresses", async () => {
    const kept = new Map<string, unknown>();
    const loads: string[] = [];
    const keep = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
      if (!kept.has(key)) {
        loads.push(key);
        kept.set(key, await load());
      }
      return kept.get(key) as T;
    };
    for (const n of [1, 2, 3, 4]) {
      // Files 1 and 2 hold the eight addresses before the posts (five a file).
      expect(await sitemapPart(handle.db, SITE, n, 5, { keep })).toBe(await sitemapPart(handle.db, SITE, n, 5));
    }
    expect(loads).toEqual(["sitemap:fixed"]);
  });

  it("answers nothing past the last file or for a file 0", async () => {
    expect(await sitemapPart(handle.db, SITE, 5, 5)).toBeNull();
    expect(await sitemapPart(handle.db, SITE, 0, 5)).toBeNull();
    expect(await sitemapPart(handle.db, SITE, 2)).toBeNull();
    expect(locs((await sitemapPart(handle.db, SITE, 1))!)).toHaveLength(19);
  });

  it("reads a file's posts from the public list's index alone, backwards, with no sort", async () => {
    let plan = "";
    // At a size where the planner weighs a sort (2,000 more posts, analysed), all rolled back after.
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into blog_posts (title, slug, content, category, published, published_at, created_at)
          select 'Plan ' || i, 'plan-' || i, 'Body.', 'Automation', true, now() - make_interval(hours => i), now() - make_interval(hours => i, mins => i % 7) from generate_series(1, 2000) i`);
        await tx.execute(sql`analyze blog_posts`);
        // A scan of the whole table is cheaper at this size; at 100,000 posts the index is (56.8 → 13.0 ms on PostgreSQL).
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const result: unknown = await tx.execute(sql`explain ${sitemapPostIds(tx, 1500, 500)}`);
        plan = (result as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]).join("\n");
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    // (Index-only once the table's pages are all visible, as they are after a vacuum; here they are just written.)
    expect(plan).toMatch(/Index (Only )?Scan Backward using blog_posts_public_list_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(locs((await sitemapPart(handle.db, SITE, 1))!)).toHaveLength(19);
  });

  it("counts the public posts from the public card index alone, and finds each tag's newest change without reading every tag link", async () => {
    // 2,000 more posts, each with the test's tag, vacuumed as a seed or an import leaves them; deleted after.
    await handle.db.execute(sql`insert into blog_posts (title, slug, content, category, published, published_at)
      select 'Tagged ' || i, 'tagged-' || i, 'Body.', 'Automation', true, now() - make_interval(hours => i) from generate_series(1, 2000) i`);
    await handle.db.execute(sql`insert into blog_post_tags (post_id, tag_id)
      select p.id, t.id from blog_posts p, blog_tags t where p.slug like 'tagged-%' and t.slug = 'scale'`);
    await handle.db.execute(sql`vacuum analyze blog_posts`);
    await handle.db.execute(sql`vacuum analyze blog_post_tags`);
    const plans: string[] = [];
    try {
      await handle.db.transaction(async (tx) => {
        // Reading every post's row is cheaper at this size; at 100,000 posts (each row holding its
        // search document) the index is: the count 156 -> 25 ms, the tags' 209 -> 147 ms.
        await tx.execute(sql`set local enable_seqscan = off`);
        for (const statement of [publishedPostsSummaryQuery(tx), listPublishedTags(tx), newestPublicChangeQuery(tx)]) {
          const result: unknown = await tx.execute(sql`explain ${statement}`);
          plans.push((result as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]).join("\n"));
        }
      });
      expect(await publishedPostsSummary(handle.db)).toMatchObject({ count: 2011 });
    } finally {
      await handle.db.execute(sql`delete from blog_posts where slug like 'tagged-%'`);
    }
    const [count, tags, newest] = plans as [string, string, string];
    // The newest public change: the newest entries of its own index, read backwards until a public one.
    expect(newest).toMatch(/Index (Only )?Scan Backward using blog_posts_public_changed_idx on blog_posts/);
    expect(newest).not.toMatch(/blog_posts_public_card_idx|Seq Scan/);
    expect(count).toMatch(/Index Only Scan using blog_posts_public_(card|changed)_idx on blog_posts/);
    expect(count).not.toMatch(/(Seq Scan|Bitmap Heap Scan|Index Scan using \w+) on blog_posts\b/);
    // The tags' newest changes are kept in blog_tags (drizzle/0039): a tag link is read only by an
    // index condition (a scheduled post's links, the links of a tag carrying one), never all of them,
    // and a post's row only for the scheduled posts, found through the public list's index.
    const lines = tags.split("\n");
    const linkScans = lines.flatMap((line, i) => (/Scan.* on blog_post_tags\b/.test(line) ? [`${line}\n${lines[i + 1] ?? ""}`] : []));
    expect(linkScans.length).toBeGreaterThan(0);
    for (const scan of linkScans) expect(scan).toMatch(/Index Cond: \((post_id|tag_id) = /);
    expect(tags).not.toMatch(/Seq Scan on blog_posts\b/);
    expect(tags).toMatch(/blog_tags/);
    // And what they read is right: the eleven live posts (no draft, no scheduled one) and the tag on the oldest.
    expect(await publishedPostsSummary(handle.db)).toMatchObject({ count: 11 });
    expect((await listPublishedTags(handle.db)).map((t) => t.slug)).toEqual(["scale"]);
    expect(await newestPublicChange(handle.db)).toEqual((await publishedPostsSummary(handle.db)).newest);
  });

  it("validation itself fails on a sitemap over the schema's rules (the check can fail)", () => {
    expect(() => validate(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></sitemapindex>`, INDEX_SCHEMA)).toThrow();
    expect(() =>
      validate(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>/relative</loc></sitemap></sitemapindex>`,
        INDEX_SCHEMA,
      ),
    ).toThrow();
  });
});
