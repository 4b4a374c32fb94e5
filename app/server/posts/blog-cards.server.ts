import type { PostCard } from "./post-queries.server";
import { renderMarkdown } from "./markdown.server";
import type { BlogCard } from "~/lib/blog";
import { formatDate } from "~/lib/dates";

/**
 * A post as its card gets it (list, empty state, related posts): the excerpt rendered from
 * markdown by the one sanitizing renderer (bold stays bold, unsafe links are emptied), and the
 * date as ISO text and label.
 */
export function toBlogCard(post: PostCard): BlogCard {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerptHtml: renderMarkdown(post.excerpt),
    category: post.category,
    imageUrl: post.imageUrl,
    coverAlt: post.coverAlt,
    readTime: post.readTime,
    date: post.date.toISOString(),
    dateLabel: formatDate(post.date),
  };
}
