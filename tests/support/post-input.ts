import type { PostInput } from "~/server/posts/post-writes.server";

/** A valid post for query tests, with a unique slug; `overrides` change what a test is about. */
export function post(overrides: Partial<PostInput> = {}): PostInput {
  return {
    title: "Automating deal flow triage",
    slug: `post-${Math.random().toString(36).slice(2, 10)}`,
    excerpt: "How a venture team cut screening time.",
    content: "## Why\n\nBecause manual triage is slow.",
    category: "Venture Capital",
    author: "Flowstate Team",
    published: true,
    featured: false,
    imageUrl: null,
    readTime: 3,
    ...overrides,
  };
}
