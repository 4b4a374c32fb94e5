/**
 * Generated blog content for the benchmarks: deterministic published posts (markdown with
 * headings, lists and links), redirects of old addresses and a history of revisions, inserted in
 * batches.
 */
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../app/server/db/client.server";
import { blogPosts, postRevisions, redirects } from "../../app/server/db/schema.server";

export const CATEGORIES = ["AI Agents", "Automation", "Venture Capital", "Case Studies", "Sales Ops", "HR Automation"];
/** The words of every generated post: each is in most posts (a search for one is a "common word"). */
export const WORDS =
  "automation agent pipeline workflow onboarding invoice reconciliation venture portfolio triage deal flow sales crm enrichment hiring analytics reporting dashboard integration orchestration compliance security audit playbook template library monitoring forecasting scoring routing extraction summarisation research memo operations finance support ticket escalation handoff evaluation dataset prompt retrieval embedding scheduler webhook connector spreadsheet governance".split(
    " ",
  );

/** A seeded pseudo-random generator (the same numbers for the same seed). */
export function rand(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function sentence(r: () => number, n: number) {
  const words = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}

/** Published post number `i`: the same text for the same `i` (a seeded generator). */
export function generatePost(i: number) {
  const r = rand(i + 1);
  const title = `${sentence(r, 6).slice(0, -1)} ${i}`;
  const paragraphs = Array.from({ length: 6 }, () => Array.from({ length: 5 }, () => sentence(r, 12)).join(" "));
  const content = [
    `## ${sentence(r, 4).slice(0, -1)}`,
    paragraphs[0],
    paragraphs[1],
    `- **${WORDS[i % WORDS.length]}** first\n- second item\n- third item`,
    `### ${sentence(r, 3).slice(0, -1)}`,
    paragraphs[2],
    paragraphs[3],
    `1. one\n2. two\n3. [a link](https://example.com/${i})`,
    paragraphs[4],
    paragraphs[5],
  ].join("\n\n");
  const publishedAt = new Date(Date.now() - (i * 37 + Math.floor(r() * 30)) * 60 * 60 * 1000);
  return {
    title,
    slug: `bench-post-${i}`,
    excerpt: Array.from({ length: 2 }, () => sentence(r, 14)).join(" "),
    content,
    category: CATEGORIES[i % CATEGORIES.length]!,
    author: "Flowstate Team",
    published: true,
    featured: i % 997 === 0,
    imageUrl: null,
    readTime: 3,
    publishedAt,
    createdAt: publishedAt,
    updatedAt: publishedAt,
  };
}

/**
 * Fills an empty database with `posts` generated published posts (batched inserts), `redirects`
 * old addresses and `revisions` (REVISIONS unless told) revisions a post, then VACUUM ANALYZE;
 * returns the milliseconds it took.
 */
export async function fillBlog(
  handle: DbHandle,
  { posts, redirects: redirectCount, revisions = REVISIONS, vacuum = true }: { posts: number; redirects: number; revisions?: number; vacuum?: boolean },
) {
  const started = performance.now();
  const BATCH = 250;
  for (let from = 0; from < posts; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, posts - from) }, (_, k) => generatePost(from + k));
    await handle.db.insert(blogPosts).values(rows);
  }
  await addRedirects(handle, Math.min(redirectCount, posts));
  await fillRevisions(handle, revisions);
  if (vacuum) await handle.vacuum();
  return Math.round(performance.now() - started);
}

/** Old addresses of renamed posts: `count` rows /blog/old-bench-post-N → /blog/bench-post-N. */
async function addRedirects(handle: DbHandle, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    fromPath: `/blog/old-bench-post-${i}`,
    toPath: `/blog/bench-post-${i}`,
    source: "slug-change" as const,
  }));
  for (let from = 0; from < rows.length; from += 500) await handle.db.insert(redirects).values(rows.slice(from, from + 500));
}

export const REVISIONS = 10;

/**
 * The history every post would have after `revisions` saves: one set-based insert (each revision's
 * title and body slightly different, an hour apart), and the posts' versions raised to match.
 */
async function fillRevisions(handle: DbHandle, revisions: number) {
  await handle.db.execute(sql`
    insert into ${postRevisions} (post_id, version, author_name, author_email, title, slug, excerpt, content, category, published, featured, image_url, published_at, tags, created_at)
    select p.id, g.v, 'Bench Editor', 'bench@studio.test', p.title || ' (v' || g.v || ')', p.slug, p.excerpt,
           p.content || repeat(E'\n\nRevision note.', g.v), p.category, p.published, p.featured, p.image_url, p.published_at, '[]'::jsonb,
           p.created_at + make_interval(hours => g.v)
    from ${blogPosts} p cross join generate_series(1, ${revisions}) as g(v)`);
  await handle.db.execute(sql`update ${blogPosts} set version = ${revisions}`);
}
