import { createRequestHandler, type ServerBuild } from "react-router";
import { log } from "~/server/core/log.server";
import { db } from "~/server/db/client.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";

/**
 * Renders a few public pages in the process before it takes requests: the home page, the blog's
 * first pages and its newest posts, as a reader would ask for them (through React Router, the
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
    const { posts } = await listPublishedPosts(await db(), { limit: WARM_UP_POSTS });
    for (const post of posts) await render(`/blog/${post.slug}`);
  } catch (error) {
    log.warn("warm-up posts failed", { error: error instanceof Error ? error.message : String(error) });
  }
  log.info("warmed up", { pages: rendered, ms: Math.round(performance.now() - started) });
  return rendered;
}

/** The pages a warm-up renders besides the newest WARM_UP_POSTS posts; how long it may take at most. */
export const WARM_UP_PAGES = ["/", "/blog", "/blog?page=2", "/blog?page=3"];
export const WARM_UP_POSTS = 8;
export const WARM_UP_MS = 3000;
