import { ArrowRight, Loader2 } from "lucide-react";
import { BLOG_PAGE_SIZE, blogListHref, type BlogCard } from "~/lib/blog";
import { blogList as copy } from "~/content/blog";
import { buttonClass } from "~/components/ui/button";
import { PostCard } from "./post-card";

/**
 * The grid and its paging, server HTML only. "Load more" is a link to the next page (it works
 * without JavaScript: ?page=N shows N and the pages before it, #page-N scrolls to it); with
 * JavaScript app/components/blog/blog-list.ts fetches only that page (?pages=1), appends its cards to
 * `[data-blog-grid]`, swaps `[data-blog-paging]` and puts the address in the URL, so a reload or
 * a shared link shows the same posts.
 */
export function ArticleResults({
  filters,
  page,
  firstPage,
  posts,
  hasMore,
  eagerFirstRow,
}: {
  /** With a search (`q`), on a phone the cards leave their covers out (PostCard's `searchResult`). */
  filters: { q: string; category: string; tag: string | null };
  page: number;
  firstPage: number;
  posts: BlogCard[];
  hasMore: boolean;
  eagerFirstRow: boolean;
}) {
  const nextHref = blogListHref({ ...filters, page: page + 1 });
  return (
    <>
      <div data-blog-grid className="grid gap-6 transition-opacity md:grid-cols-2 xl:grid-cols-3">
        {posts.map((post, index) => {
          // Where each page starts: an id for the no-JavaScript link's #page-N.
          const pageStart = index % BLOG_PAGE_SIZE === 0 ? firstPage + index / BLOG_PAGE_SIZE : null;
          return (
            <PostCard
              key={post.id}
              post={post}
              index={index % BLOG_PAGE_SIZE}
              eager={eagerFirstRow && index < 3}
              id={pageStart && pageStart > 1 ? `page-${pageStart}` : undefined}
              searchResult={Boolean(filters.q)}
            />
          );
        })}
      </div>
      {hasMore ? (
        <nav data-blog-paging aria-label={copy.pagingLabel} className="mt-12 flex justify-center">
          <a href={`${nextHref}#page-${page + 1}`} rel="next" data-load-more className={buttonClass({ variant: "outline", className: "group" })}>
            <Loader2 aria-hidden="true" className="hidden size-4 animate-spin group-aria-disabled:inline" />
            {copy.loadMore}
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </nav>
      ) : null}
    </>
  );
}
