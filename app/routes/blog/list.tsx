import { data } from "react-router";
import { AlertTriangle, ArrowLeft, ArrowRight, Loader2 } from "lucide-react";
import type { Route } from "./+types/list";
import { db } from "~/server/db/client.server";
import { cached } from "~/server/cache/data-cache.server";
import { publicPageHeaders, timed } from "~/server/cache/public-headers.server";
import { getFeaturedPost, getTagBySlug, listCategories } from "~/server/posts/post-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { toBlogCard } from "~/server/posts/blog-cards.server";
import { ALL_CATEGORIES, BLOG_MAX_PAGES_SHOWN, BLOG_PAGE_SIZE, blogListHref } from "~/lib/blog";
import { seo, type SeoSite } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { throwError } from "~/lib/error-payload";
import { buttonClass } from "~/components/ui/button";
import { BlogFilters } from "~/components/blog/blog-filters";
import { NoResults, ResultsSummary } from "~/components/blog/blog-results";
import { Island } from "~/islands/island";
import { BlogIconSprite } from "~/components/blog/blog-icons";
import { ArticleResults } from "~/components/blog/article-results";
import { FeaturedPostCard } from "~/components/blog/post-card";
import { blogList as copy } from "~/content/blog";
import { caseStudyList } from "~/content/case-studies";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorScreen } from "~/components/layout/error-screen";

const MAX_PAGE = 1000;
/** Shown for failures that are not a bad filter; the real error is only logged. */
const LOAD_FAILED = "An error occurred";

/** Reads ?q, ?category, ?tag, ?page and ?pages; malformed values are a 400 with a clear message, never a 500. */
function readFilters(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim();
  if (q.length > 200) throwError(400, { message: "The search text is too long (200 characters at most)." });
  const category = (url.searchParams.get("category") ?? "").trim().slice(0, 100) || ALL_CATEGORIES;
  const tag = (url.searchParams.get("tag") ?? "").trim().slice(0, 200);
  const page = wholeNumber(url.searchParams.get("page")) ?? 1;
  if (!Number.isInteger(page) || page < 1) throwError(400, { message: "The page number must be a whole number of 1 or more." });
  // ?page=N shows N and the pages before it (what 'Load more' had shown), at most BLOG_MAX_PAGES_SHOWN;
  // 'Load more' itself asks for one page (?pages=1).
  const pages = wholeNumber(url.searchParams.get("pages")) ?? BLOG_MAX_PAGES_SHOWN;
  if (!Number.isInteger(pages) || pages < 1 || pages > BLOG_MAX_PAGES_SHOWN) throwError(400, { message: copy.pagesInvalid(BLOG_MAX_PAGES_SHOWN) });
  const last = Math.min(page, MAX_PAGE);
  return { q, category, tag, page: last, firstPage: Math.max(1, last - pages + 1) };
}

function wholeNumber(param: string | null) {
  return param === null || param === "" ? null : Number(param);
}

/** Whole rendered pages are kept in memory until an admin write (see app/server/cache/page-cache.server.ts). */

export async function loader({ request }: Route.LoaderArgs) {
  const { q, category, tag: tagSlug, page, firstPage } = readFilters(new URL(request.url));
  const { value, serverTiming } = await timed("db", () =>
    cached(`blog:list:${JSON.stringify([q, category, tagSlug, page, firstPage])}`, async () => {
      const database = await db();
      const tag = tagSlug ? await getTagBySlug(database, tagSlug) : null;
      if (tagSlug && !tag) return null;
      const categories = await cached("blog:categories", () => listCategories(database));
      const withFeatured = category === ALL_CATEGORIES && !q && !tag;
      const featured = withFeatured ? await cached("blog:featured", () => getFeaturedPost(database)) : null;
      // A search's count and ranking are kept for its other pages ('Load more', ?page=N).
      const { posts, hasMore, total } = await listPublishedPosts(
        database,
        { q, category, tagId: tag?.id, excludeId: featured?.id, limit: (page - firstPage + 1) * BLOG_PAGE_SIZE, offset: (firstPage - 1) * BLOG_PAGE_SIZE },
        { keep: cached },
      );
      // Nothing found: the empty state offers the newest posts instead.
      const recent = posts.length ? [] : await cached("blog:recent", async () => (await listPublishedPosts(database, { limit: 3 })).posts.map(toBlogCard));
      return {
        categories,
        tag: tag ? { slug: tag.slug, name: tag.name } : null,
        featured: featured && firstPage === 1 ? toBlogCard(featured) : null,
        posts: posts.map(toBlogCard),
        hasMore,
        total,
        recent,
      };
    }),
  );
  if (!value) throwError(404, { message: copy.unknownTag(tagSlug) }, { headers: { "Server-Timing": serverTiming } });
  return data({ q, category, page, firstPage, ...value }, { headers: { "Server-Timing": serverTiming } });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return publicPageHeaders(errorHeaders ?? loaderHeaders);
}

export function meta({ matches, loaderData, error }: Route.MetaArgs) {
  if (error) return [{ title: "Error Loading Blog" }, { name: "robots", content: "noindex" }];
  const site = (matches.find((m) => m?.id === "root")?.data as { site: SeoSite } | undefined)?.site;
  const tag = loaderData?.tag;
  const title = tag ? copy.meta.tagTitle(tag.name) : copy.meta.title;
  if (!site) return [{ title }];
  const description = tag ? copy.meta.tagDescription(tag.name, site.brandName) : copy.meta.description;
  // A tag's page is its own page (and in the sitemap); searches, later pages and empty tags are not indexed.
  const path = tag ? blogListHref({ tag: tag.slug }) : "/blog";
  const noindex = Boolean(loaderData?.q) || (loaderData?.page ?? 1) > 1 || (Boolean(tag) && !loaderData?.total?.count);
  return seo({
    site,
    title: `${title} | ${tag ? copy.meta.blogName(site.brandName) : site.brandName}`,
    description,
    path,
    image: pageOgImage("blog", site.brandName),
    noindex,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: copy.meta.blogName(site.brandName),
        url: `${site.siteUrl}/blog`,
        description: copy.meta.description,
      },
    ],
  });
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { q, category, tag, page, firstPage, categories, featured, posts, hasMore, total, recent } = loaderData;
  const showFeatured = featured && category === ALL_CATEGORIES && !q && !tag;

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-5 pt-24 pb-24 sm:px-8 sm:pt-32">
      <BlogIconSprite />
      {/* Shorter on phones (with the categories on one line): results show under the search box. */}
      <header className="mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary-soft sm:px-4 sm:py-1.5 sm:text-sm">
          {copy.hero.pill}
        </p>
        <h1 className="mt-3 bg-gradient-to-b from-white to-[#b9b9cc] bg-clip-text pb-[0.12em] text-4xl font-bold tracking-tight text-transparent sm:mt-5 sm:text-6xl">
          {copy.hero.title}
        </h1>
        <p className="mt-2 text-base leading-relaxed text-muted sm:mt-5 sm:text-lg">{copy.hero.subtitle}</p>
        {/* SPEC.md fixes the header's and footer's links: the case studies are reached from here. */}
        <p className="mt-2 text-sm sm:mt-3">
          <a href="/case-studies" className="font-semibold text-accent underline-offset-4 hover:underline">
            {caseStudyList.blogLink} <ArrowRight className="inline-block size-4 align-[-0.2em]" />
          </a>
        </p>
      </header>

      <div className="mt-6 sm:mt-12">
        <Island name="blog-filters" on="interaction" component={BlogFilters} props={{ q, category, tag: tag?.slug ?? null, categories }} />
      </div>

      {/* What a new filter replaces in place (app/components/blog/blog-list.ts): the server renders every filter. */}
      <div data-blog-results aria-busy="false">
        {showFeatured ? (
          <section aria-labelledby="featured-heading" className="mt-10 sm:mt-16">
            <h2 id="featured-heading" className="mb-6 text-2xl font-bold tracking-tight">
              {copy.featuredHeading}
            </h2>
            <FeaturedPostCard post={featured} />
          </section>
        ) : null}

        <section aria-labelledby="articles-heading" className="mt-10 sm:mt-16">
          <h2 id="articles-heading" className="mb-6 text-2xl font-bold tracking-tight">
            {category === ALL_CATEGORIES ? copy.latestHeading : copy.categoryHeading(category)}
          </h2>
          <ResultsSummary q={q} category={category} tag={tag} total={total} actions={posts.length > 0} />
          <p role="status" data-blog-loading hidden className="mb-6 inline-flex items-center gap-2 text-muted">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            {copy.loadingArticles}
          </p>
          {firstPage > 1 ? (
            // ?page=N shows at most BLOG_MAX_PAGES_SHOWN pages: the newer ones are a link away.
            <p className="mb-6">
              <a href={blogListHref({ q, category, tag: tag?.slug, page: firstPage - 1 })} rel="prev" className={buttonClass({ variant: "outline" })}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                {copy.newer}
              </a>
            </p>
          ) : null}
          {posts.length === 0 ? (
            <NoResults q={q} category={category} tag={tag?.slug ?? null} categories={categories} recent={recent} />
          ) : (
            <ArticleResults filters={{ q, category, tag: tag?.slug ?? null }} {...{ page, firstPage, posts, hasMore }} eagerFirstRow={!showFeatured} />
          )}
        </section>
      </div>
    </main>
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
      <a href="/blog" className={buttonClass({ className: "mt-8" })}>
        Try again
      </a>
    </ErrorScreen>
  );
}
