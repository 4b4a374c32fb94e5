import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ArrowRight, Loader2 } from "lucide-react";
import { BLOG_PAGE_SIZE, blogListHref, type BlogCard } from "~/lib/blog";
import { blogList as copy } from "~/content/blog";
import { buttonClass } from "~/components/ui/button";
import { PostCard } from "./post-card";

/** What the list's loader answers 'Load more' (?page=N&pages=1), as far as the grid reads it. */
type NextPage = { page: number; posts: BlogCard[]; hasMore: boolean };

/**
 * The grid and its paging. "Load more" is a link to the next page (it works without JavaScript:
 * ?page=N shows N and the pages before it); with JavaScript it fetches only that page, appends it
 * here and puts its address in the URL, so a reload or a shared link shows the same posts.
 */
export function ArticleResults({
  filters,
  page,
  firstPage,
  posts,
  hasMore,
  loading,
  eagerFirstRow,
}: {
  filters: { q: string; category: string; tag: string | null };
  page: number;
  firstPage: number;
  posts: BlogCard[];
  hasMore: boolean;
  loading: boolean;
  eagerFirstRow: boolean;
}) {
  const fetcher = useFetcher<NextPage>();
  const [more, setMore] = useState<{ pages: BlogCard[][]; page: number; hasMore: boolean }>({ pages: [], page, hasMore });
  // A fetched next page is appended once, while rendering (React's pattern for state that follows
  // new data; an effect would render the old list first).
  const next = fetcher.data;
  if (next && next.page === more.page + 1) setMore({ pages: [...more.pages, next.posts], page: next.page, hasMore: next.hasMore });
  const nextHref = blogListHref({ ...filters, page: more.page + 1 });
  const shownHref = blogListHref({ ...filters, page: more.page });
  const grid = useRef<HTMLDivElement>(null);

  // The address follows the pages shown. Replaced outside the router: the posts are already here.
  useEffect(() => {
    if (more.page === page) return;
    window.history.replaceState(window.history.state, "", shownHref);
    // The button is gone after the last page: keyboard focus moves on to the first new post.
    if (!more.hasMore) grid.current?.querySelector<HTMLElement>(`#page-${more.page} a`)?.focus();
  }, [more.page, more.hasMore, page, shownHref]);

  // Where each page starts (ids for the no-JavaScript link's #page-N): the shown window, then the appended pages.
  const cards = [
    ...posts.map((post, index) => ({ post, pageStart: index % BLOG_PAGE_SIZE === 0 ? firstPage + index / BLOG_PAGE_SIZE : null, index })),
    ...more.pages.flatMap((list, k) => list.map((post, index) => ({ post, pageStart: index === 0 ? page + k + 1 : null, index }))),
  ];

  return (
    <>
      <div ref={grid} className={loading ? "opacity-50 transition-opacity" : undefined}>
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {cards.map(({ post, pageStart, index }, position) => (
            <PostCard
              key={post.id}
              post={post}
              index={index % BLOG_PAGE_SIZE}
              eager={eagerFirstRow && position < 3}
              id={pageStart && pageStart > 1 ? `page-${pageStart}` : undefined}
            />
          ))}
        </div>
      </div>
      {more.hasMore ? (
        <nav aria-label={copy.pagingLabel} className="mt-12 flex justify-center">
          <Link
            to={`${nextHref}#page-${more.page + 1}`}
            rel="next"
            aria-disabled={fetcher.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              if (fetcher.state === "idle") void fetcher.load(`${nextHref}${nextHref.includes("?") ? "&" : "?"}pages=1`);
            }}
            className={buttonClass({ variant: "outline" })}
          >
            {fetcher.state !== "idle" ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            {copy.loadMore}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </nav>
      ) : null}
    </>
  );
}
