import type { Route } from "./+types/post-markdown";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { getPublishedPostBySlug } from "~/server/posts/post-queries.server";
import { postMarkdown } from "~/server/analytics/ai-crawlers.server";
import { notFoundText } from "~/server/http/errors.server";
import { absoluteUrl } from "~/lib/seo";
import { SLUG_PATTERN } from "~/lib/text";

/**
 * /blog/{slug}.md: a published post as markdown for AI crawlers and answer engines (see
 * app/server/analytics/ai-crawlers.server.ts). Registered before "blog/:slug", which would otherwise take
 * "slug.md" for a slug. Drafts, unknown slugs and AI_CRAWLERS=off answer 404. Kept in the page
 * cache and the data cache until the next admin write, like the public pages. The Link header
 * names the post's page as the canonical copy (search engines index that, not the markdown).
 */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

export async function loader({ params }: Route.LoaderArgs) {
  const { site, aiCrawlers } = config();
  const slug = params.slug;
  if (!aiCrawlers || !SLUG_PATTERN.test(slug) || slug.length > 200) throw notFoundText();
  const text = await cached(`blog:post-md:${slug}`, async () => {
    const post = await getPublishedPostBySlug(await db(), slug);
    return post ? postMarkdown(site.siteUrl, post) : null;
  });
  if (text === null) throw notFoundText();
  return new Response(text, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      Link: `<${absoluteUrl(site.siteUrl, `/blog/${slug}`)}>; rel="canonical"`,
    },
  });
}
