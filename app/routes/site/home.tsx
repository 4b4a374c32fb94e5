import type { Route } from "./+types/home";
import { publishedLanding } from "~/server/site/landing-content.server";
import { landingCaseStudies, landingFeaturedCaseStudies, landingTestimonials } from "~/server/site/landing-page.server";
import { landingMeta } from "~/lib/landing-meta";
import { siteFromMatches } from "~/lib/site-meta";
import { useSite } from "~/root";
import { LandingPage } from "~/components/landing/landing-page";

/**
 * The published landing content (edited at /admin/site), the testimonials, the published case
 * studies' figures (the comparison's closest result) and the featured ones, all from the data cache.
 */
export async function loader(_: Route.LoaderArgs) {
  const [content, testimonials, caseStudies, featured] = await Promise.all([
    publishedLanding(),
    landingTestimonials(),
    landingCaseStudies(),
    landingFeaturedCaseStudies(),
  ]);
  return { content, testimonials, caseStudies, featured };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return landingMeta(siteFromMatches(matches), loaderData?.content);
}

/** The landing page (docs/decisions/0027 for its islands, 0050 for its content). */
export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <LandingPage
      content={loaderData.content}
      testimonials={loaderData.testimonials}
      caseStudies={loaderData.caseStudies}
      featured={loaderData.featured}
      communityUrl={site.communityUrl}
    />
  );
}
