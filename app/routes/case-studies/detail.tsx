import { data } from "react-router";
import { ArrowLeft, Eye, FileQuestion } from "lucide-react";
import type { Route } from "./+types/detail";
import { getSessionCookie } from "better-auth/cookies";
import { db } from "~/server/db/client.server";
import { cached } from "~/server/cache/data-cache.server";
import { keptNotFoundPage, pageKeyOf } from "~/server/cache/page-cache.server";
import { publicPageHeaders, timed } from "~/server/cache/public-headers.server";
import { getPublishedCaseStudy, type PublicCaseStudy } from "~/server/case-studies/case-study-queries.server";
import { caseStudyPreviewAccess } from "~/server/case-studies/case-study-preview.server";
import { PREVIEW_HEADERS } from "~/server/posts/preview.server";
import { redirectOrCountMiss } from "~/server/site/redirects.server";
import { config } from "~/server/core/env.server";
import { renderMarkdown } from "~/server/posts/markdown.server";
import { measuredFigures } from "~/lib/case-study";
import { formatDate } from "~/lib/dates";
import { formatDateTime } from "~/lib/publication-date";
import { absoluteUrl, seo, type SeoSite } from "~/lib/seo";
import { SLUG_PATTERN } from "~/lib/text";
import { throwError } from "~/lib/error-payload";
import { buttonClass } from "~/components/ui/button";
import { AuditCallout } from "~/components/landing/audit-callout";
import { CoverImage } from "~/components/blog/cover-image";
import { CategoryBadge } from "~/components/blog/post-meta";
import { CaseStudyFigures } from "~/components/case-studies/case-study-figures";
import { CaseStudyQuote, CaseStudyTools } from "~/components/case-studies/case-study-parts";
import { caseStudyPage as copy, CASE_STUDIES_NAME } from "~/content/case-studies";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorScreen } from "~/components/layout/error-screen";

const isSlug = (slug: string) => SLUG_PATTERN.test(slug) && slug.length <= 200;

/** The case study at `slug` as the public reads it (null: unknown, a draft, scheduled or trashed), kept in the data cache. */
const publicCaseStudy = (slug: string) =>
  cached(`case-studies:page:${slug}`, async () => {
    const found = await getPublishedCaseStudy(await db(), slug);
    return found ? toPage(found) : null;
  });

/**
 * An address nobody may read (unknown, draft, scheduled) is answered, after the redirect lookup,
 * with the kept 'Case Study Not Found' page; a signed-in visitor or a preview link reaches the loader.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    const slug = (args.params.slug ?? "").trim();
    if (pageKeyOf(args) === null || getSessionCookie(args.request)) return next();
    if (isSlug(slug) && (await publicCaseStudy(slug))) return next();
    await redirectOrCountMiss(args.request);
    return keptNotFoundPage("case-study", args, next);
  },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = (params.slug ?? "").trim();
  if (!isSlug(slug)) {
    await redirectOrCountMiss(request);
    throwError(404, { message: copy.notFound });
  }
  const { value: study, serverTiming } = await timed("db", () => publicCaseStudy(slug));
  if (study) return data({ study, preview: null }, { headers: { "Server-Timing": serverTiming } });
  const database = await db();
  const preview = await caseStudyPreviewAccess(request, database, slug);
  const found = preview ? await getPublishedCaseStudy(database, slug, { anyState: true }) : null;
  if (preview && found) return data({ study: toPage(found), preview }, { headers: { ...PREVIEW_HEADERS, "Server-Timing": serverTiming } });
  await redirectOrCountMiss(request); // an old slug answers 301 to the new one
  throwError(404, { message: copy.notFound }, { headers: { "Server-Timing": serverTiming } });
}

function toPage(found: PublicCaseStudy) {
  return {
    title: found.title,
    slug: found.slug,
    client: found.client,
    industry: found.industry,
    summary: found.summary,
    imageUrl: found.imageUrl,
    coverAlt: found.coverAlt,
    date: found.date.toISOString(),
    dateLabel: formatDate(found.date),
    updatedAt: found.updatedAt.toISOString(),
    figures: measuredFigures(found),
    problemHtml: renderMarkdown(found.problem),
    solutionHtml: renderMarkdown(found.solution),
    tools: found.tools,
    quote: found.quote && found.quoteAuthor ? { text: found.quote, author: found.quoteAuthor, role: found.quoteRole } : null,
    markdownPath: config().aiCrawlers ? `/case-studies/${found.slug}.md` : null,
  };
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  if (!errorHeaders && loaderHeaders.has("X-Robots-Tag")) return loaderHeaders; // a preview: private, noindex
  return publicPageHeaders(errorHeaders ?? loaderHeaders);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = (matches.find((m) => m?.id === "root")?.data as { site: SeoSite } | undefined)?.site;
  const study = loaderData?.study;
  if (!study) return [{ title: "Case Study Not Found" }, { name: "robots", content: "noindex" }];
  const title = `${study.title} | ${site?.brandName ?? CASE_STUDIES_NAME}`;
  if (!site) return [{ title }];
  const path = `/case-studies/${study.slug}`;
  const url = absoluteUrl(site.siteUrl, path);
  const organization = { "@type": "Organization", name: site.brandName, url: site.siteUrl };
  return [
    ...seo({
      site,
      title,
      description: study.summary,
      path,
      image: study.imageUrl,
      imageAlt: study.coverAlt,
      type: "article",
      noindex: Boolean(loaderData.preview),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: study.title,
          description: study.summary,
          ...(study.imageUrl ? { image: [absoluteUrl(site.siteUrl, study.imageUrl)] } : {}),
          datePublished: study.date,
          dateModified: study.updatedAt,
          articleSection: CASE_STUDIES_NAME,
          about: { "@type": "Service", name: `${study.industry} automation`, serviceType: "AI and workflow automation", provider: organization },
          author: organization,
          publisher: { ...organization, logo: { "@type": "ImageObject", url: absoluteUrl(site.siteUrl, "/favicon.svg") } },
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
        },
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl(site.siteUrl, "/") },
            { "@type": "ListItem", position: 2, name: CASE_STUDIES_NAME, item: absoluteUrl(site.siteUrl, "/case-studies") },
            { "@type": "ListItem", position: 3, name: study.title, item: url },
          ],
        },
      ],
    }),
    { property: "article:published_time", content: study.date },
    { property: "article:modified_time", content: study.updatedAt },
    ...(study.markdownPath ? [{ tagName: "link", rel: "alternate", type: "text/markdown", href: study.markdownPath }] : []),
  ];
}

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study, preview } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-5 pt-28 pb-24 sm:px-8">
      {preview ? <PreviewNotice status={preview.status} publishedAt={preview.publishedAt} editPath={preview.editPath} /> : null}
      <a href="/case-studies" className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3 text-muted hover:text-foreground" })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {copy.back}
      </a>

      <article>
        <header className="mt-8">
          <CategoryBadge>{study.industry}</CategoryBadge>
          <h1 className="mt-5 text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">{study.title}</h1>
          <p className="mt-5 text-lg text-muted">{study.summary}</p>
          <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div className="flex gap-2">
              <dt className="text-muted">{copy.clientLabel}:</dt>
              <dd className="font-medium">{study.client}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted">{copy.industryLabel}:</dt>
              <dd className="font-medium">{study.industry}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="sr-only">Published</dt>
              <dd className="text-muted">
                <time dateTime={study.date}>{study.dateLabel}</time>
              </dd>
            </div>
          </dl>
        </header>

        {study.imageUrl ? (
          <CoverImage
            src={study.imageUrl}
            alt={study.coverAlt}
            title={study.title}
            category={study.industry}
            priority
            sizes="(min-width: 896px) 832px, 100vw"
            className="mt-10 rounded-2xl border border-border"
          />
        ) : null}

        <section aria-labelledby="results-heading" className="mt-12">
          <h2 id="results-heading" className="text-2xl font-bold tracking-tight">
            {copy.resultsHeading}
          </h2>
          <CaseStudyFigures figures={study.figures} className="mt-6" />
        </section>

        <section aria-labelledby="problem-heading" className="mt-12">
          <h2 id="problem-heading" className="text-2xl font-bold tracking-tight">
            {copy.problemHeading}
          </h2>
          <div className="blog-prose mt-4" dangerouslySetInnerHTML={{ __html: study.problemHtml }} />
        </section>

        <section aria-labelledby="solution-heading" className="mt-12">
          <h2 id="solution-heading" className="text-2xl font-bold tracking-tight">
            {copy.solutionHeading}
          </h2>
          <div className="blog-prose mt-4" dangerouslySetInnerHTML={{ __html: study.solutionHtml }} />
        </section>

        <CaseStudyTools tools={study.tools} />
        {study.quote ? <CaseStudyQuote quote={study.quote} /> : null}
      </article>

      <AuditCallout {...copy.callout} source="case-study" />
    </main>
  );
}

/** 'Case Study Not Found' for a missing case study and for any other failure (never its raw text). */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      defaultStatusHandler={({ payload }) => <NotFound message={payload.message || copy.notFound} />}
      unexpectedErrorHandler={() => <NotFound message={copy.notFound} />}
    />
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <ErrorScreen icon={<FileQuestion aria-hidden="true" className="size-12 text-muted" />} title="Case Study Not Found" message={message}>
      <a href="/case-studies" className={buttonClass({ className: "mt-8" })}>
        {copy.back}
      </a>
    </ErrorScreen>
  );
}

/** Over a case study shown by a preview link or to an admin: a preview, and why the public cannot see it yet. Plain HTML. */
function PreviewNotice({ status, publishedAt, editPath }: { status: string; publishedAt: string | null; editPath: string | null }) {
  return (
    <aside
      aria-labelledby="preview-title"
      className="mb-8 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-accent/50 bg-accent/10 px-5 py-4 text-sm"
    >
      <Eye aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <p id="preview-title" className="font-semibold text-foreground">
          Preview
        </p>
        <p className="text-muted">
          {status === "scheduled" && publishedAt
            ? `Scheduled: readers see this case study from ${formatDateTime(new Date(publishedAt))}.`
            : status === "draft"
              ? "Draft: readers cannot see this case study yet."
              : "This is how the case study looks to readers."}
        </p>
      </div>
      {editPath ? (
        <a href={editPath} className="font-medium text-accent underline underline-offset-4">
          Edit case study
        </a>
      ) : null}
    </aside>
  );
}
