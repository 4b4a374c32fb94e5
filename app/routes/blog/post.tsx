import { data } from "react-router";
import { FileQuestion } from "lucide-react";
import type { Route } from "./+types/post";
import { getSessionCookie } from "better-auth/cookies";
import { db, type Queryable } from "~/server/db/client.server";
import { cached } from "~/server/cache/data-cache.server";
import { keptNotFoundPage, pageKeyOf } from "~/server/cache/page-cache.server";
import { publicPageHeaders, timed } from "~/server/cache/public-headers.server";
import { getPublishedPostBySlug, listRelatedPosts, type PublicPost } from "~/server/posts/post-queries.server";
import { toBlogCard } from "~/server/posts/blog-cards.server";
import { PREVIEW_HEADERS, previewAccess } from "~/server/posts/preview.server";
import { redirectOrCountMiss } from "~/server/site/redirects.server";
import { config } from "~/server/core/env.server";
import { postMarkdownPath } from "~/server/analytics/ai-crawlers.server";
import { postSummary, renderMarkdown } from "~/server/posts/markdown.server";
import { formatDate } from "~/lib/dates";
import { absoluteUrl, seo, type SeoSite } from "~/lib/seo";
import { postOgImage } from "~/lib/og";
import { SLUG_PATTERN } from "~/lib/text";
import { throwError } from "~/lib/error-payload";
import { buttonClass } from "~/components/ui/button";
import { AuditCallout } from "~/components/landing/audit-callout";
import { CoverImage } from "~/components/blog/cover-image";
import { HistoryBackButton } from "~/components/blog/history-back-button";
import { CategoryBadge, PostMeta, TagLinks } from "~/components/blog/post-meta";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareButton } from "~/components/blog/share-button";
import { PreviewBanner } from "~/components/blog/preview-banner";
import { BLOG_NAME, blogPost as copy } from "~/content/blog";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorScreen } from "~/components/layout/error-screen";
import { Island } from "~/islands/island";
import { BlogIconSprite } from "~/components/blog/blog-icons";

const NO_SLUG = "No article slug provided";
const NOT_FOUND = "The article you're looking for doesn't exist.";
/** A post without an excerpt is described by the start of its text, about this long. */
const META_DESCRIPTION_LENGTH = 160;

/** Whole rendered pages are kept in memory until an admin write (see app/server/cache/page-cache.server.ts). */

/** A slug that may name a post (else the address is a miss, like an unknown slug). */
const isSlug = (slug: string) => SLUG_PATTERN.test(slug) && slug.length <= 200;

/** The post at `slug` as the public reads it, or null (unknown, a draft, scheduled): kept in the data cache. */
const publicArticle = (slug: string) =>
  cached(`blog:post:${slug}`, async () => {
    const database = await db();
    const found = await getPublishedPostBySlug(database, slug);
    return found ? toArticle(database, found) : null;
  });

/**
 * A post nobody may read here (an unknown slug, a draft, a scheduled post) is answered, after the
 * redirect lookup, with the one kept 'Article Not Found' page: a made-up slug costs no render (a
 * blank one has its own kept page). A signed-in visitor (who may be an admin previewing it) and a
 * preview link are left to the loader.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    const slug = (args.params.slug ?? "").trim();
    if (pageKeyOf(args) === null) return next();
    if (!slug) return keptNotFoundPage("blank-slug", args, next);
    if (getSessionCookie(args.request)) return next();
    if (isSlug(slug) && (await publicArticle(slug))) return next();
    await redirectOrCountMiss(args.request); // an old address may redirect (a 301 thrown), else it is counted as a 404
    return keptNotFoundPage("article", args, next);
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = (params.slug ?? "").trim();
  if (!slug) throwError(404, { message: NO_SLUG });
  if (!isSlug(slug)) {
    await redirectOrCountMiss(request); // an old address may redirect (a 301 thrown), else it is counted as a 404
    throwError(404, { message: NOT_FOUND });
  }
  const { value: post, serverTiming } = await timed("db", () => publicArticle(slug));
  if (!post) {
    // A draft or scheduled post: shown to a preview link's holder or a signed-in admin, never cached.
    const database = await db();
    const preview = await previewAccess(request, database, slug);
    const found = preview ? await getPublishedPostBySlug(database, slug, { anyState: true }) : null;
    if (preview && found) return data({ post: await toArticle(database, found), preview }, { headers: { ...PREVIEW_HEADERS, "Server-Timing": serverTiming } });
    await redirectOrCountMiss(request); // a post's old slug answers 301 to its new one
    throwError(404, { message: NOT_FOUND }, { headers: { "Server-Timing": serverTiming } });
  }
  return data({ post, preview: null }, { headers: { "Server-Timing": serverTiming } });
}

/** What the page shows of a post, with the three related posts that close it. */
async function toArticle(database: Queryable, found: PublicPost) {
  return {
    title: found.title,
    slug: found.slug,
    category: found.category,
    author: found.author,
    imageUrl: found.imageUrl,
    coverAlt: found.coverAlt,
    metaTitle: found.metaTitle,
    readTime: found.readTime,
    date: found.date.toISOString(),
    dateLabel: formatDate(found.date),
    updatedAt: found.updatedAt.toISOString(),
    tags: found.tags,
    // The editor's meta description wins; else the excerpt, or the start of the text.
    description: found.metaDescription || postSummary(found.excerpt, found.content, META_DESCRIPTION_LENGTH),
    excerptHtml: renderMarkdown(found.excerpt),
    contentHtml: renderMarkdown(found.content),
    markdownPath: config().aiCrawlers ? postMarkdownPath(found.slug) : null,
    related: (await listRelatedPosts(database, found)).map(toBlogCard),
  };
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  if (!errorHeaders && loaderHeaders.has("X-Robots-Tag")) return loaderHeaders; // a preview: private, noindex
  return publicPageHeaders(errorHeaders ?? loaderHeaders);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = (matches.find((m) => m?.id === "root")?.data as { site: SeoSite } | undefined)?.site;
  const post = loaderData?.post;
  if (!post) return [{ title: "Article Not Found" }, { name: "robots", content: "noindex" }];
  // The editor's meta title is the whole title as typed (the SEO section previews it so); else the post's title and the brand.
  const title = post.metaTitle || `${post.title} | ${site?.brandName ?? BLOG_NAME}`;
  if (!site) return [{ title }];
  const url = absoluteUrl(site.siteUrl, `/blog/${post.slug}`);
  // A cover is the share image; without one, the generated card of the post.
  const shareImage = post.imageUrl ?? postOgImage(post, site.brandName);
  const image = absoluteUrl(site.siteUrl, typeof shareImage === "string" ? shareImage : shareImage.url);
  return [
    ...seo({
      site,
      title,
      description: post.description,
      path: `/blog/${post.slug}`,
      image: shareImage,
      imageAlt: post.coverAlt,
      type: "article",
      noindex: Boolean(loaderData.preview),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: post.metaTitle || post.title,
          description: post.description,
          image: [image],
          datePublished: post.date,
          dateModified: post.updatedAt,
          articleSection: post.category,
          keywords: post.tags.map((t) => t.name).join(", ") || undefined,
          author: { "@type": "Organization", name: post.author },
          publisher: { "@type": "Organization", name: site.brandName, logo: { "@type": "ImageObject", url: absoluteUrl(site.siteUrl, "/favicon.svg") } },
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
        },
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: copy.breadcrumbHome, item: absoluteUrl(site.siteUrl, "/") },
            { "@type": "ListItem", position: 2, name: BLOG_NAME, item: absoluteUrl(site.siteUrl, "/blog") },
            { "@type": "ListItem", position: 3, name: post.title, item: url },
          ],
        },
      ],
    }),
    { property: "article:published_time", content: post.date },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:section", content: post.category },
    ...(post.markdownPath ? [{ tagName: "link", rel: "alternate", type: "text/markdown", href: post.markdownPath }] : []),
  ];
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, preview } = loaderData;

  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-5 pt-28 pb-24 sm:px-8">
      <BlogIconSprite />
      {preview ? <Island name="preview-banner" component={PreviewBanner} props={preview} /> : null}
      <div className="flex items-center justify-between gap-4">
        <Island
          name="history-back"
          component={HistoryBackButton}
          props={{ label: copy.back, className: buttonClass({ variant: "ghost", size: "sm", className: "-ml-3 text-muted hover:text-foreground" }) }}
          on="interaction"
        />
      </div>

      <article>
        <header className="mt-8">
          <CategoryBadge>{post.category}</CategoryBadge>
          <h1 className="mt-5 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">{post.title}</h1>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <PostMeta author={post.author} date={post.date} dateLabel={post.dateLabel} readTime={post.readTime} />
            <Island name="share" component={ShareButton} props={{ title: post.title, text: post.description }} on="interaction" />
          </div>
          <TagLinks tags={post.tags} label={copy.tagsLabel} className="mt-5" />
        </header>

        {/* Without an uploaded cover the page draws none: a generated card would say the h1 again
            right under it (the list's cards and the share image keep theirs). */}
        {post.imageUrl ? (
          <CoverImage
            src={post.imageUrl}
            alt={post.coverAlt}
            title={post.title}
            category={post.category}
            priority
            sizes="(min-width: 896px) 832px, 100vw"
            className="mt-10 rounded-2xl border border-border"
          />
        ) : null}

        {post.excerptHtml ? (
          <div className="blog-prose mt-10 border-l-2 border-primary pl-5 text-lg text-muted italic" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
        ) : null}
        <div className="blog-prose mt-10" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      </article>

      <AuditCallout {...copy.callout} source="blog-post" />

      <RelatedPosts posts={post.related} />
    </main>
  );
}

/** 'Article Not Found' for a missing post (with the reason) and for any other failure (never its raw text). */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ payload }) => <ArticleNotFound message={payload.message || NOT_FOUND} />}
      unexpectedErrorHandler={() => <ArticleNotFound message={NOT_FOUND} />}
    />
  );
}

function ArticleNotFound({ message }: { message: string }) {
  return (
    <ErrorScreen icon={<FileQuestion aria-hidden="true" className="size-12 text-muted" />} title="Article Not Found" message={message}>
      <Island name="history-back" component={HistoryBackButton} props={{ label: "Go Back", className: buttonClass({ className: "mt-8" }) }} on="interaction" />
    </ErrorScreen>
  );
}
