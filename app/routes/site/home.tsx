import type { Route } from "./+types/home";
import { cached } from "~/server/cache/data-cache.server";
import { db } from "~/server/db/client.server";
import { listActiveTestimonials } from "~/server/site/testimonial-queries.server";
import { log } from "~/server/core/log.server";
import { seo } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { initials } from "~/lib/text";
import { faq } from "~/content/landing";
import { pageMeta } from "~/content/site";
import { siteFromMatches } from "~/lib/site-meta";
import { useSite } from "~/root";
import { HeroSection } from "~/components/landing/hero-section";
import { TrustedBySection } from "~/components/landing/trusted-by-section";
import { WhoWeAreSection } from "~/components/landing/who-we-are-section";
import { ServicesSection } from "~/components/landing/services-section";
import { OfferingsSection } from "~/components/landing/offerings-section";
import { ProcessSection } from "~/components/landing/process-section";
import { ComparisonSection } from "~/components/landing/comparison-section";
import { ProblemsSection } from "~/components/landing/problems-section";
import { TestimonialsSection } from "~/components/landing/testimonials-section";
import { CommunitySection } from "~/components/landing/community-section";
import { FaqSection } from "~/components/landing/faq-section";
import { ContactSection } from "~/components/landing/contact-section";
import { Island } from "~/islands/island";

export async function loader(_: Route.LoaderArgs) {
  try {
    const testimonials = await cached("landing:testimonials", async () =>
      (await listActiveTestimonials(await db())).map(({ id, name, company, role, quote }) => ({ id, name, company, role, quote, initials: initials(name) })),
    );
    return { testimonials };
  } catch (error) {
    // A failed testimonials fetch is logged and the section stays hidden.
    log.error("could not load testimonials", { error: error instanceof Error ? error.message : String(error) });
    return { testimonials: null };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [{ title: pageMeta.home.title("") }];
  return seo({
    site,
    title: pageMeta.home.title(site.brandName),
    description: pageMeta.home.description,
    path: "/",
    image: pageOgImage("home", site.brandName),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faq.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });
}

/** The landing page; its interactive sections are islands, each loaded as it nears the screen (docs/decisions/0027). */
export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <main id="main">
      <HeroSection />
      <TrustedBySection />
      <WhoWeAreSection />
      <Island name="services" on="visible" component={ServicesSection} props={{}} />
      <Island name="offerings" on="visible" component={OfferingsSection} props={{}} />
      <ProcessSection />
      <Island name="comparison" on="visible" component={ComparisonSection} props={{}} />
      <Island name="problems" on="visible" component={ProblemsSection} props={{}} />
      <Island name="testimonials" on="visible" component={TestimonialsSection} props={{ testimonials: loaderData.testimonials }} />
      <CommunitySection communityUrl={site.communityUrl} />
      <FaqSection />
      <ContactSection />
    </main>
  );
}
