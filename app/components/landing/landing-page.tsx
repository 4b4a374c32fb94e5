import type { LandingContent } from "~/lib/landing-content";
import { comparisonProps } from "~/lib/landing-sections/comparison";
import { HeroSection } from "./hero-section";
import { TrustedBySection } from "./trusted-by-section";
import { WhoWeAreSection } from "./who-we-are-section";
import { ServicesSection } from "./services-section";
import { OfferingsSection } from "./offerings-section";
import { ProcessSection } from "./process-section";
import { ComparisonSection } from "./comparison-section";
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
  communityUrl,
  label,
}: {
  /** The main landmark's name: none on the home page; the preview names its own, apart from the editor's around it. */
  label?: string;
  content: LandingContent;
  testimonials: PublicTestimonial[] | null;
  /** The published case studies' figures: the comparison links the closest one to the typed figures. */
  caseStudies?: ComparisonCaseStudy[];
  communityUrl: string;
}) {
  return (
    <main id="main" aria-label={label}>
      <HeroSection hero={content.hero} />
      <TrustedBySection trustedBy={content.trustedBy} />
      <WhoWeAreSection who={content.who} />
      <Island name="services" on="visible" component={ServicesSection} props={{ services: content.services }} />
      <Island name="offerings" on="visible" component={OfferingsSection} props={{ offerings: content.offerings }} />
      <ProcessSection process={content.process} />
      <Island name="comparison" on="visible" component={ComparisonSection} props={{ caseStudies, comparison: comparisonProps(content.comparison) }} />
      <Island name="problems" on="visible" component={ProblemsSection} props={{ problems: content.problems }} />
      <Island name="testimonials" on="visible" component={TestimonialsSection} props={{ testimonials }} />
      <CommunitySection communityUrl={communityUrl} />
      <FaqSection faq={content.faq} />
      <ContactSection contact={content.contact} />
    </main>
  );
}
