import type { PostCard } from "./post-queries.server";
import { renderMarkdown } from "./markdown.server";
import { keptLast } from "~/server/cache/kept-last.server";
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
    excerptHtml: excerptHtml(post.excerpt),
    category: post.category,
    imageUrl: post.imageUrl,
    coverAlt: post.coverAlt,
    readTime: post.readTime,
    date: post.date.toISOString(),
    dateLabel: formatDate(post.date),
  };
}

/**
 * Excerpts rendered before, by their markdown, the oldest let go past EXCERPTS_KEPT: a blog page of
 * 60 cards rendered its 60 excerpts on every miss (0.45 ms of the main thread, markdown-it), and
 * `?page=N` shows the cards of the four pages before N again. The render depends on the text alone.
 */
export const EXCERPTS_KEPT = 2_000;
const excerpts = keptLast<string>(EXCERPTS_KEPT);

export const excerptHtml = (markdown: string): string => excerpts.get(markdown, () => renderMarkdown(markdown));

/** How many rendered excerpts are kept (for tests). */
export const excerptsKept = () => excerpts.size();
