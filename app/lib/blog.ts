/** Shared by the blog list's loader and its components: URLs, paging and the card shape. */

export const BLOG_PAGE_SIZE = 12;
export const ALL_CATEGORIES = "All";
/** How many pages `/blog?page=N` shows at most: N and the ones before it (what 'Load more' had shown). */
export const BLOG_MAX_PAGES_SHOWN = 5;

/** The post fields every card shows, as the database query reads them (server PostCard) and as the page gets them. */
export type CardFields = {
  id: string;
  title: string;
  slug: string;
  /** The excerpt as written (markdown); BlogCard carries it rendered, as `excerptHtml`. */
  excerpt: string;
  category: string;
  imageUrl: string | null;
  /** The cover's alt text; empty: the cover is decorative next to the title. */
  coverAlt: string;
  readTime: number;
};

/** What a card needs of a post: plain, serialisable values only. */
export type BlogCard = Omit<CardFields, "excerpt"> & {
  /** The excerpt rendered from markdown by the server's sanitizing renderer. */
  excerptHtml: string;
  /** ISO date (published_at, else created_at) and its label. */
  date: string;
  dateLabel: string;
};

/** The list's address for a search, a category, a tag (its slug) and a page; defaults are left out so URLs stay clean. */
export function blogListHref({ q, category, tag, page }: { q?: string; category?: string; tag?: string | null; page?: number }) {
  const params = new URLSearchParams();
  if (q && q.trim()) params.set("q", q.trim());
  if (category && category !== ALL_CATEGORIES) params.set("category", category);
  if (tag) params.set("tag", tag);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export function readTimeLabel(minutes: number) {
  return `${minutes} min read`;
}
