import type { LandingContent } from "~/lib/landing-content";
import { comparisonProps } from "~/lib/landing-sections/comparison";
import { servicesProps } from "~/lib/landing-sections/services";
import { problemsProps } from "~/lib/landing-sections/problems";
import { HeroSection } from "./hero-section";
import { TrustedBySection } from "./trusted-by-section";
import { WhoWeAreSection } from "./who-we-are-section";
import { ServicesSection } from "./services-section";
import { OfferingsSection } from "./offerings-section";
import { ProcessSection } from "./process-section";
import { ComparisonFrame } from "./comparison-section";
import { FeaturedCaseStudies, type FeaturedCaseStudy } from "./featured-case-studies";
import { LandingSection } from "./section-heading";
import { ProblemsSection } from "./problems-section";
import { TestimonialsSection, type PublicTestimonial } from "./testimonials-section";
import { CommunitySection } from "./community-section";
import { FaqSection } from "./faq-section";
import { ContactSection } from "./contact-section";
import { Island } from "~/islands/island";
import type { ComparisonCaseStudy } from "~/lib/closest-case-study";

/**
 * The landing page's sections in page order, with the given content: the published content on
 * the home page, the draft at the back-office's preview (app/routes/admin/site-preview.tsx). Its
 * interactive sections are islands, each loaded as it nears the screen (docs/decisions/0027).
 */
export function LandingPage({
  content,
  testimonials,
  caseStudies = [],
  featured = [],
  communityUrl,
  label,
}: {
  /** The main landmark's name: none on the home page; the preview names its own, apart from the editor's around it. */
  label?: string;
  content: LandingContent;
  testimonials: PublicTestimonial[] | null;
  /** The published case studies' figures: the comparison links the closest one to the typed figures. */
  caseStudies?: ComparisonCaseStudy[];
  /** Up to three published, featured case studies, shown under the comparison's frame. */
  featured?: readonly FeaturedCaseStudy[];
  communityUrl: string;
}) {
  return (
    <main id="main" aria-label={label}>
      <HeroSection hero={content.hero} />
      <TrustedBySection trustedBy={content.trustedBy} />
      <WhoWeAreSection who={content.who} />
      <Island name="services" on="visible" component={ServicesSection} props={{ services: servicesProps(content.services) }} />
      <Island name="offerings" on="visible" component={OfferingsSection} props={{ offerings: content.offerings }} />
      <ProcessSection process={content.process} />
      {/* The frame is the island; the featured case studies under it are server HTML, with no script (decision 0055). */}
      <LandingSection name="comparison" width="6xl" pill={content.comparison.pill} title={content.comparison.title} intro={content.comparison.intro}>
        <Island name="comparison" on="visible" component={ComparisonFrame} props={{ caseStudies, comparison: comparisonProps(content.comparison) }} />
        <FeaturedCaseStudies studies={featured} />
      </LandingSection>
      <Island name="problems" on="visible" component={ProblemsSection} props={{ problems: problemsProps(content.problems) }} />
      <Island name="testimonials" on="visible" component={TestimonialsSection} props={{ testimonials, heading: content.testimonials }} />
      <CommunitySection community={content.community} communityUrl={communityUrl} />
      <FaqSection faq={content.faq} />
      <ContactSection contact={content.contact} />
    </main>
  );
}
