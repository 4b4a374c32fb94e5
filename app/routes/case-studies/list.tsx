import { data } from "react-router";
import type { Route } from "./+types/list";
import { db } from "~/server/db/client.server";
import { cached } from "~/server/cache/data-cache.server";
import { publicPageHeaders, timed } from "~/server/cache/public-headers.server";
import { listPublishedCaseStudies } from "~/server/case-studies/case-study-queries.server";
import { measuredFigures } from "~/lib/case-study";
import { absoluteUrl, seo, type SeoSite } from "~/lib/seo";
import { CaseStudyCard } from "~/components/case-studies/case-study-card";
import { caseStudyList as copy } from "~/content/case-studies";

/** The list as the page shows it: kept in the data cache, and the whole page in the page cache, until an admin write. */
export async function loader() {
  const { value: studies, serverTiming } = await timed("db", () =>
    cached("case-studies:list", async () =>
      (await listPublishedCaseStudies(await db())).map((s) => ({
        title: s.title,
        slug: s.slug,
        client: s.client,
        industry: s.industry,
        summary: s.summary,
        imageUrl: s.imageUrl,
        coverAlt: s.coverAlt,
        featured: s.featured,
        figures: measuredFigures(s),
      })),
    ),
  );
  return data({ studies }, { headers: { "Server-Timing": serverTiming } });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return publicPageHeaders(errorHeaders ?? loaderHeaders);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = (matches.find((m) => m?.id === "root")?.data as { site: SeoSite } | undefined)?.site;
  const title = `${copy.meta.title} | ${site?.brandName ?? copy.hero.title}`;
  if (!site) return [{ title }];
  return [
    ...seo({
      site,
      title,
      description: copy.meta.description,
      path: "/case-studies",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "CollectionPage",
          name: copy.hero.title,
          url: absoluteUrl(site.siteUrl, "/case-studies"),
          description: copy.meta.description,
          hasPart: (loaderData?.studies ?? []).map((s) => ({
            "@type": "Article",
            headline: s.title,
            url: absoluteUrl(site.siteUrl, `/case-studies/${s.slug}`),
          })),
        },
      ],
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${site.brandName} ${copy.hero.title}`, href: "/case-studies/rss.xml" },
  ];
}

export default function CaseStudyList({ loaderData }: Route.ComponentProps) {
  const { studies } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-5 pt-24 pb-24 sm:px-8 sm:pt-32">
      <header className="mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary-soft sm:px-4 sm:py-1.5 sm:text-sm">
          {copy.hero.pill}
        </p>
        <h1 className="mt-3 bg-gradient-to-b from-white to-[#b9b9cc] bg-clip-text pb-[0.12em] text-4xl font-bold tracking-tight text-transparent sm:mt-5 sm:text-6xl">
          {copy.hero.title}
        </h1>
        <p className="mt-2 text-base leading-relaxed text-muted sm:mt-5 sm:text-lg">{copy.hero.subtitle}</p>
      </header>

      <section aria-labelledby="case-studies-heading" className="mt-10 sm:mt-16">
        <h2 id="case-studies-heading" className="mb-6 text-2xl font-bold tracking-tight">
          {copy.heading}
        </h2>
        {studies.length === 0 ? (
          <p className="text-muted">{copy.empty}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {studies.map((study, index) => (
              <li key={study.slug} className="flex">
                <CaseStudyCard study={study} eager={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
