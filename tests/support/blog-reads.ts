import { afterAll, beforeAll, beforeEach } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { freshTestDatabase } from "./test-db";

/**
 * The setup of the public blog read tests (blog-public.test.ts, blog-search.test.ts): the file's own
 * database, its posts and tags emptied and the public cache dropped before each test. Call at the top
 * of the file; `handle()` is the database once the file's tests run.
 */
export function blogReadsDatabase() {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await freshTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate blog_post_tags, blog_posts, blog_tags cascade`);
    invalidatePublicCache();
  });
  return {
    handle: () => handle,
    /** The titles of the public list's first page for `filter`. */
    titles: async (filter: Parameters<typeof listPublishedPosts>[1]) => (await listPublishedPosts(handle.db, filter)).posts.map((p) => p.title),
  };
}
