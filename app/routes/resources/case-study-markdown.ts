import type { Route } from "./+types/case-study-markdown";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { getPublishedCaseStudy } from "~/server/case-studies/case-study-queries.server";
import { caseStudyMarkdown } from "~/server/case-studies/case-study-documents.server";
import { notFoundText } from "~/server/http/errors.server";
import { absoluteUrl } from "~/lib/seo";
import { SLUG_PATTERN } from "~/lib/text";

/**
 * /case-studies/{slug}.md: a published case study as markdown for AI crawlers, like a post's
 * (app/routes/resources/post-markdown.ts): drafts, scheduled and trashed ones, unknown slugs and
 * AI_CRAWLERS=off answer 404; kept in the page and data caches until the next admin write.
 */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

export async function loader({ params }: Route.LoaderArgs) {
  const { site, aiCrawlers } = config();
  const slug = params.slug;
  if (!aiCrawlers || !SLUG_PATTERN.test(slug) || slug.length > 200) throw notFoundText();
  const text = await cached(`case-studies:md:${slug}`, async () => {
    const study = await getPublishedCaseStudy(await db(), slug);
    return study ? caseStudyMarkdown(site.siteUrl, study) : null;
  });
  if (text === null) throw notFoundText();
  return new Response(text, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      Link: `<${absoluteUrl(site.siteUrl, `/case-studies/${slug}`)}>; rel="canonical"`,
    },
  });
}
