import { useState } from "react";
import { data, Link, useFetcher, useNavigation } from "react-router";
import { AlertTriangle, ArrowRight, Loader2 } from "lucide-react";
import type { Route } from "./+types/list";
import { db } from "~/server/db/client.server";
import { cached } from "~/server/cache/data-cache.server";
import { publicPageHeaders, timed } from "~/server/cache/public-headers.server";
import { getFeaturedPost, listCategories, listPublishedPosts, type PostCard as PostRow } from "~/server/queries/posts.server";
import { markdownToText } from "~/server/markdown.server";
import { ALL_CATEGORIES, BLOG_PAGE_SIZE, blogListHref, isBlogListPath, type BlogCard } from "~/lib/blog";
import { formatDate } from "~/lib/dates";
import { seo, type SeoSite } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { throwError } from "~/lib/error-payload";
import { buttonClass } from "~/components/ui/button";
import { ArticleLoading } from "~/components/blog/article-loading";
import { BlogFilters } from "~/components/blog/blog-filters";
import { FeaturedPostCard, PostCard } from "~/components/blog/post-card";
import { blogList as copy } from "~/content/blog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorScreen } from "~/components/layout/error-screen";

const MAX_PAGE = 1000;
/** Shown for failures that are not a bad filter; the real error is only logged. */
const LOAD_FAILED = "An error occurred";

/** Reads ?q, ?category and ?page; malformed values are a 400 with a clear message, never a 500. */
function readFilters(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim();
  if (q.length > 200) throwError(400, { message: "The search text is too long (200 characters at most)." });
  const category = (url.searchParams.get("category") ?? "").trim().slice(0, 100) || ALL_CATEGORIES;
  const pageParam = url.searchParams.get("page");
  const page = pageParam === null || pageParam === "" ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1) throwError(400, { message: "The page number must be a whole number of 1 or more." });
  return { q, category, page: Math.min(page, MAX_PAGE) };
}

function toCard(post: PostRow): BlogCard {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: markdownToText(post.excerpt),
    category: post.category,
    imageUrl: post.imageUrl,
    readTime: post.readTime,
    date: post.date.toISOString(),
    dateLabel: formatDate(post.date),
  };
}

/** Whole rendered pages are kept in memory until an admin write (see app/server/cache/page-cache.server.ts). */

export async function loader({ request }: Route.LoaderArgs) {
  const { q, category, page } = readFilters(new URL(request.url));
  const withFeatured = category === ALL_CATEGORIES && !q;
  const { value, serverTiming } = await timed("db", () =>
    cached(`blog:list:${JSON.stringify([q, category, page])}`, async () => {
      const database = await db();
      const categories = await cached("blog:categories", () => listCategories(database));
      const featured = withFeatured ? await cached("blog:featured", () => getFeaturedPost(database)) : null;
      const { posts, hasMore } = await listPublishedPosts(database, {
        q,
        category,
        excludeId: featured?.id,
        limit: BLOG_PAGE_SIZE,
        offset: (page - 1) * BLOG_PAGE_SIZE,
      });
      return {
        categories,
        featured: featured && page === 1 ? toCard(featured) : null,
        posts: posts.map(toCard),
        hasMore,
      };
    }),
  );
  return data({ q, category, page, ...value }, { headers: { "Server-Timing": serverTiming } });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return publicPageHeaders(errorHeaders ?? loaderHeaders);
}

export function meta({ matches, loaderData, error }: Route.MetaArgs) {
  if (error) return [{ title: "Error Loading Blog" }, { name: "robots", content: "noindex" }];
  const site = (matches.find((m) => m?.id === "root")?.data as { site: SeoSite } | undefined)?.site;
  const { title, description } = copy.meta;
  if (!site) return [{ title }];
  return seo({
    site,
    title: `${title} | ${site.brandName}`,
    description,
    path: "/blog",
    image: pageOgImage("blog", site.brandName),
    noindex: Boolean(loaderData?.q) || (loaderData?.page ?? 1) > 1,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: copy.meta.blogName(site.brandName),
        url: `${site.siteUrl}/blog`,
        description,
      },
    ],
  });
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { q, category, page, categories, featured, posts, hasMore } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && isBlogListPath(navigation.location.pathname);
  const showFeatured = featured && category === ALL_CATEGORIES && !q;

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-5 pt-32 pb-24 sm:px-8">
      <header className="mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center rounded-full border border-primary/40 bg-primary/10 px-4 py-1.5 text-sm font-semibold text-primary-soft">
          {copy.hero.pill}
        </p>
        <h1 className="mt-5 bg-gradient-to-b from-white to-[#b9b9cc] bg-clip-text pb-[0.12em] text-5xl font-bold tracking-tight text-transparent sm:text-6xl">
          {copy.hero.title}
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-muted">{copy.hero.subtitle}</p>
      </header>

      <ArticleLoading />
      <div className="mt-12">
        <BlogFilters q={q} category={category} categories={categories} loading={loading} />
      </div>

      {showFeatured ? (
        <section aria-labelledby="featured-heading" className="mt-16">
          <h2 id="featured-heading" className="mb-6 text-2xl font-bold tracking-tight">
            {copy.featuredHeading}
          </h2>
          <FeaturedPostCard post={featured} />
        </section>
      ) : null}

      <section aria-labelledby="articles-heading" aria-busy={loading} className="mt-16">
        <h2 id="articles-heading" className="mb-6 text-2xl font-bold tracking-tight">
          {category === ALL_CATEGORIES ? copy.latestHeading : copy.categoryHeading(category)}
        </h2>
        {loading ? (
          <p role="status" className="mb-6 inline-flex items-center gap-2 text-muted">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            {copy.loadingArticles}
          </p>
        ) : null}
        <ArticleResults key={`${q}|${category}|${page}`} {...{ q, category, page, posts, hasMore, loading }} eagerFirstRow={!showFeatured} />
      </section>
    </main>
  );
}

/**
 * The grid and its paging. "Load more" is a link to the next page (works without JavaScript);
 * with JavaScript it fetches that page and appends it here instead.
 */
function ArticleResults({
  q,
  category,
  page,
  posts,
  hasMore,
  loading,
  eagerFirstRow,
}: {
  q: string;
  category: string;
  page: number;
  posts: BlogCard[];
  hasMore: boolean;
  loading: boolean;
  eagerFirstRow: boolean;
}) {
  const fetcher = useFetcher<typeof loader>();
  const [more, setMore] = useState<{ pages: BlogCard[][]; page: number; hasMore: boolean }>({ pages: [], page, hasMore });
  // A fetched next page is appended once, while rendering (React's pattern for state that follows
  // new data; an effect would render the old list first).
  const next = fetcher.data;
  if (next && next.page === more.page + 1) setMore({ pages: [...more.pages, next.posts], page: next.page, hasMore: next.hasMore });
  const nextHref = blogListHref({ q, category, page: more.page + 1 });

  return (
    <>
      {posts.length === 0 && !loading ? (
        <p className="rounded-2xl border border-dashed border-border px-6 py-16 text-center text-lg text-muted">{copy.empty}</p>
      ) : null}
      <div className={loading ? "opacity-50 transition-opacity" : undefined}>
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {[posts, ...more.pages].flatMap((list, pageIndex) =>
            list.map((post, index) => <PostCard key={post.id} post={post} index={index} eager={eagerFirstRow && pageIndex === 0 && index < 3} />),
          )}
        </div>
      </div>
      {more.hasMore || page > 1 ? (
        <nav aria-label={copy.pagingLabel} className="mt-12 flex flex-wrap items-center justify-center gap-3">
          {page > 1 ? (
            <Link to={blogListHref({ q, category, page: page - 1 })} rel="prev" className={buttonClass({ variant: "outline" })}>
              {copy.newer}
            </Link>
          ) : null}
          {more.hasMore ? (
            <Link
              to={nextHref}
              rel="next"
              aria-disabled={fetcher.state !== "idle"}
              onClick={(event) => {
                event.preventDefault();
                if (fetcher.state === "idle") void fetcher.load(nextHref);
              }}
              className={buttonClass({ variant: "outline" })}
            >
              {fetcher.state !== "idle" ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              {copy.loadMore}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** 'Error Loading Blog' with the reason (bad filters) and a retry; any other failure shows a generic text. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ payload, statusText }) => <BlogError message={payload.message || statusText || LOAD_FAILED} />}
      unexpectedErrorHandler={() => <BlogError message={LOAD_FAILED} />}
    />
  );
}

function BlogError({ message }: { message: string }) {
  return (
    <ErrorScreen icon={<AlertTriangle aria-hidden="true" className="size-12 text-red-400" />} title="Error Loading Blog" message={message}>
      <Link to="/blog" reloadDocument className={buttonClass({ className: "mt-8" })}>
        Try again
      </Link>
    </ErrorScreen>
  );
}
