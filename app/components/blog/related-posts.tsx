import type { BlogCard } from "~/lib/blog";
import { blogPost as copy } from "~/content/blog";
import { PostCard } from "./post-card";

/** The end of a post: up to three related posts (shared tags, then the category, then the newest). */
export function RelatedPosts({ posts }: { posts: BlogCard[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16 lg:-mx-16 xl:-mx-32">
      <h2 id="related-heading" className="mb-6 text-2xl font-bold tracking-tight">
        {copy.relatedHeading}
      </h2>
      <div className="grid gap-6 md:grid-cols-3">
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} index={index} />
        ))}
      </div>
    </section>
  );
}
