import { createRequestHandler, type ServerBuild } from "react-router";
import { log } from "~/server/core/log.server";
import { db } from "~/server/db/client.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { publicCounts } from "~/server/posts/sitemap-queries.server";
import { BLOG_PAGE_SIZE } from "~/lib/blog";

/**
 * Renders a few public pages in the process before it takes requests: the home page, the blog's
 * pages and its newest posts, as a reader would ask for them (through React Router, the
 * route's page cache included, Brotli accepted). A process that has rendered nothing has its
 * render code still to compile and its database connections still to open: on a fresh server at
 * 100,000 posts on PostgreSQL the first post took ~105 ms, the next ones 28, 21, 20… and only the
 * fifteenth or so the ~10 ms of a warm one; the blog's pages after them the same. The readers of
 * the first seconds after a start (a deploy) paid that. The pages rendered here are kept by the
 * page cache, as a reader's would be (the next write drops them).
 *
 * Bounded: at most WARM_UP_MS, and a page that fails is logged and left (a start never waits on it
 * or fails by it). Returns how many pages were rendered.
 */
export async function warmUp(build: ServerBuild, mode: string | undefined, appUrl: string): Promise<number> {
  const started = performance.now();
  const handle = createRequestHandler(build, mode);
  let rendered = 0;
  const render = async (address: string) => {
    if (performance.now() - started > WARM_UP_MS) return;
    try {
      const response = await handle(new Request(new URL(address, appUrl), { headers: { "accept-encoding": "br, gzip", "x-client-ip": "127.0.0.1" } }));
      await response.arrayBuffer();
      rendered += 1;
    } catch (error) {
      log.warn("warm-up page failed", { address, error: error instanceof Error ? error.message : String(error) });
    }
  };
  for (const address of WARM_UP_PAGES) await render(address);
  try {
    const database = await db();
    const lastPage = Math.ceil((await publicCounts(database)).posts / BLOG_PAGE_SIZE);
    const { posts } = await listPublishedPosts(database, { limit: WARM_UP_POSTS });
    for (const address of laterAddresses(lastPage, posts)) await render(address);
  } catch (error) {
    log.warn("warm-up posts failed", { error: error instanceof Error ? error.message : String(error) });
  }
  log.info("warmed up", { pages: rendered, ms: Math.round(performance.now() - started) });
  return rendered;
}

/**
 * The pages a warm-up renders: these, the blog's pages 2 to WARM_UP_LIST_PAGES + 1 (as far as it has
 * pages; each one past the fifth shows 60 cards, as do searches and categories), and the newest
 * WARM_UP_POSTS posts. Three list pages left the next ~25 readers of the list's later pages at
 * 15–45 ms instead of ~9 (their render 3.7 ms a page instead of 2.2: its code not yet compiled for
 * them), at 100,000 posts on PostgreSQL.
 */
export const WARM_UP_PAGES = ["/", "/blog"];
export const WARM_UP_LIST_PAGES = 25;
export const WARM_UP_POSTS = 8;
/** At most how many pages a warm-up renders (bench:scale passes over those it finds kept). */
export const WARM_UP_MOST = WARM_UP_PAGES.length + WARM_UP_LIST_PAGES + WARM_UP_POSTS;
export const WARM_UP_MS = 3000;

/** What a warm-up asks for after WARM_UP_PAGES: the blog's pages 2 to WARM_UP_LIST_PAGES + 1 as far as `lastPage`, then `posts`. */
export function laterAddresses(lastPage: number, posts: { slug: string }[]): string[] {
  const pages = Math.max(0, Math.min(lastPage, WARM_UP_LIST_PAGES + 1) - 1);
  return [...Array.from({ length: pages }, (_, i) => `/blog?page=${i + 2}`), ...posts.map((post) => `/blog/${post.slug}`)];
}
