import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { fileDatabase } from "./file-database";

/**
 * The setup of the public blog read tests (blog-public.test.ts, blog-search.test.ts): the file's own
 * database, its posts and tags emptied and the public cache dropped before each test. Call at the top
 * of the file; `handle()` is the database once the file's tests run.
 */
export function blogReadsDatabase() {
  const handle = fileDatabase({ emptied: ["blog_post_tags", "blog_posts", "blog_tags"] });
  return {
    handle: () => handle,
    /** The titles of the public list's first page for `filter`. */
    titles: async (filter: Parameters<typeof listPublishedPosts>[1]) => (await listPublishedPosts(handle.db, filter)).posts.map((p) => p.title),
  };
}
