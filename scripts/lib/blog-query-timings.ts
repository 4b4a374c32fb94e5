/**
 * bench:blog's database timings: the public loaders' queries (list, category, search, post page,
 * redirect lookup, history) and the back-office post list, each as p50/p95 over `samples` runs.
 */
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../app/server/db/client.server";
import { blogPosts } from "../../app/server/db/schema.server";
import { findRedirect } from "../../app/server/site/redirects.server";
import { getFeaturedPost, getPublishedPostBySlug, listCategories } from "../../app/server/posts/post-queries.server";
import { listPublishedPosts } from "../../app/server/posts/post-list-queries.server";
import { listRevisions } from "../../app/server/posts/revision-queries.server";
import { adminPostPage } from "../../app/server/posts/admin-post-queries.server";
import { renderMarkdown } from "../../app/lib/markdown";
import { CATEGORIES, rand, REVISIONS } from "./bench-content";
import { measure } from "./stats";

/** How big the benchmark's blog is, and how many times each query runs. */
export type BlogSize = { posts: number; samples: number; redirects: number };

const PAGE_SIZE = 12;
export const SEARCHES = ["automation", "AGENT", "onboard", "reconcil", "deal flow", "portfolio rep", "crm", "zzqx-nothing", "Invoice", "workflow templ"];

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);

/** The loaders' database work, without the cache (what a cache miss costs). */
export async function queryTimings(handle: DbHandle, { posts: POSTS, samples: SAMPLES, redirects: REDIRECTS }: BlogSize) {
  const db = handle.db;
  const r = rand(42);
  const slugs = Array.from({ length: SAMPLES + 10 }, () => `bench-post-${Math.floor(r() * POSTS)}`);
  const rows: [string, { p50: number; p95: number }][] = [];
  rows.push([
    "list (/blog: categories, featured, page 1)",
    await measure(SAMPLES, async () => {
      await listCategories(db);
      const featured = await getFeaturedPost(db);
      await listPublishedPosts(db, { excludeId: featured?.id, limit: PAGE_SIZE });
    }),
  ]);
  rows.push([
    "list, page 40",
    await measure(SAMPLES, async () => {
      await listPublishedPosts(db, { limit: PAGE_SIZE, offset: 39 * PAGE_SIZE });
    }),
  ]);
  rows.push([
    "category filter",
    await measure(SAMPLES, async (i) => {
      await listCategories(db);
      await listPublishedPosts(db, { category: CATEGORIES[i % CATEGORIES.length], limit: PAGE_SIZE });
    }),
  ]);
  rows.push([
    "search (full-text, prefix)",
    await measure(SAMPLES, async (i) => {
      await listCategories(db);
      await listPublishedPosts(db, { q: SEARCHES[i % SEARCHES.length], limit: PAGE_SIZE });
    }),
  ]);
  rows.push([
    "post page (by slug + markdown)",
    await measure(SAMPLES, async (i) => {
      const post = await getPublishedPostBySlug(db, slugs[i]!);
      if (!post) throw new Error(`missing ${slugs[i]}`);
      renderMarkdown(post.content);
      renderMarkdown(post.excerpt);
    }),
  ]);
  rows.push([
    "old post address (redirect lookup)",
    await measure(SAMPLES, async (i) => {
      const path = `/blog/old-bench-post-${i % Math.min(REDIRECTS, POSTS)}`;
      if (!(await getPublishedPostBySlug(db, path.slice(6))) && !(await findRedirect(db, path))) throw new Error(`no redirect for ${path}`);
    }),
  ]);
  rows.push([
    `post history (${REVISIONS} revisions)`,
    await measure(SAMPLES, async (i) => {
      const post = await getPublishedPostBySlug(db, slugs[i]!);
      if ((await listRevisions(db, post!.id)).length !== REVISIONS) throw new Error(`missing revisions of ${slugs[i]}`);
    }),
  ]);
  return rows;
}

const ADMIN_SEARCHES = ["automation", "AGENT", "bench-post-12", "zzqx-nothing", "Invoice", "deal flow", "Portfolio", "onboard"];

/**
 * The back-office list's database work (tab counts + one page of 25) at POSTS posts, of which one
 * in ten is a draft and one in a hundred scheduled while it runs (restored after).
 */
export async function adminListTimings(handle: DbHandle, { posts: POSTS, samples: SAMPLES }: BlogSize) {
  const db = handle.db;
  const draftsAndScheduled = async (undo: boolean) => {
    await db.execute(sql`update ${blogPosts} set published = ${undo} where slug ~ '^bench-post-[0-9]*3$'`);
    await db.execute(
      sql`update ${blogPosts} set published_at = published_at + ${undo ? "-100 years" : "100 years"}::interval where slug ~ '^bench-post-[0-9]*11$'`,
    );
    await db.execute(sql`analyze ${blogPosts}`);
  };
  await draftsAndScheduled(false);
  const rows: [string, { p50: number; p95: number }][] = [];
  try {
    const list = async (params: Parameters<typeof adminPostPage>[1], least: number) => {
      const { items } = await adminPostPage(db, params);
      if (items.length < least) throw new Error(`admin list ${JSON.stringify(params)}: ${items.length} rows`);
    };
    rows.push(["admin list: all, page 1", await measure(SAMPLES, () => list({ q: "", status: "all", page: 1 }, 25))]);
    rows.push(["admin list: drafts, page 1", await measure(SAMPLES, () => list({ q: "", status: "drafts", page: 1 }, 25))]);
    rows.push(["admin list: scheduled, page 1", await measure(SAMPLES, () => list({ q: "", status: "scheduled", page: 1 }, 25))]);
    rows.push([
      "admin list: search (title/excerpt/slug)",
      await measure(SAMPLES, (i) => list({ q: ADMIN_SEARCHES[i % ADMIN_SEARCHES.length]!, status: "all", page: 1 }, 0)),
    ]);
    rows.push(["admin list: all, page 200", await measure(SAMPLES, () => list({ q: "", status: "all", page: Math.min(200, Math.ceil(POSTS / 25)) }, 1))]);
  } finally {
    await draftsAndScheduled(true);
  }
  return rows;
}

export function printTimings(label: string, rows: [string, { p50: number; p95: number }][], target?: number) {
  console.log(`\n${label}`);
  console.log(`  ${"".padEnd(44)}${"p50".padStart(9)}${"p95".padStart(9)}`);
  for (const [name, t] of rows) {
    const verdict = target === undefined ? "" : t.p95 < target ? "  ok" : `  ABOVE ${target} ms`;
    console.log(`  ${name.padEnd(44)}${ms(t.p50)}${ms(t.p95)}${verdict}`);
  }
}
