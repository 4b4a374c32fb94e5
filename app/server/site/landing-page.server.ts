import { cached } from "~/server/cache/data-cache.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { listActiveTestimonials } from "./testimonial-queries.server";
import { initials } from "~/lib/text";
import { listFeaturedCaseStudies, listPublishedCaseStudies } from "~/server/case-studies/case-study-queries.server";
import { comparisonCaseStudy, type ComparisonCaseStudy } from "~/lib/closest-case-study";
import { measuredFigures } from "~/lib/case-study";
import type { FeaturedCaseStudy } from "~/components/landing/featured-case-studies";

/** The landing page's testimonials (cached until the next admin write); null when they cannot be read: the section stays hidden. */
export async function landingTestimonials() {
  try {
    return await cached("landing:testimonials", async () =>
      (await listActiveTestimonials(await db())).map(({ id, name, company, role, quote }) => ({ id, name, company, role, quote, initials: initials(name) })),
    );
  } catch (error) {
    log.error("could not load testimonials", { error: errorText(error) });
    return null;
  }
}

/**
 * The published case studies as the landing page's comparison carries them (slug, title, client
 * and the figures: app/lib/closest-case-study.ts), featured first, then newest; cached until the
 * next admin write. An empty list when they cannot be read: the comparison then links none.
 */
export async function landingCaseStudies(): Promise<ComparisonCaseStudy[]> {
  try {
    return await cached("landing:case-studies", async () => (await listPublishedCaseStudies(await db(), 50)).map(comparisonCaseStudy));
  } catch (error) {
    log.error("could not load case studies for the comparison", { error: errorText(error) });
    return [];
  }
}

/**
 * The featured row under the comparison (decision 0055): up to three public, featured case
 * studies, cached until the next admin write (every save, trash, restore, scheduled publication
 * empties it). An empty list when they cannot be read: the row is then not shown.
 */
export async function landingFeaturedCaseStudies(): Promise<FeaturedCaseStudy[]> {
  try {
    return await cached("landing:featured-case-studies", async () =>
      (await listFeaturedCaseStudies(await db(), 3)).map(({ title, slug, client, industry, ...figures }) => ({
        title,
        slug,
        client,
        industry,
        figures: measuredFigures(figures),
      })),
    );
  } catch (error) {
    log.error("could not load the featured case studies", { error: errorText(error) });
    return [];
  }
}
