import { z } from "zod";
import { contact, faq, hero, processSection } from "~/content/landing";
import { pageMeta } from "~/content/site";
import { LANDING_LIMITS, text } from "./landing-schema-kit";
import { landingImage } from "./landing-images";
import { DEFAULT_WHO, whoSchema } from "./landing-sections/who-we-are";
import { DEFAULT_PROBLEMS, problemsSchema } from "./landing-sections/problems";
import { DEFAULT_TRUSTED_BY, trustedBySchema } from "./landing-sections/trusted-by";
import { DEFAULT_OFFERINGS, offeringsSchema } from "./landing-sections/offerings";
import { DEFAULT_SERVICES, servicesSchema } from "./landing-sections/services";
import { comparisonSchema, DEFAULT_COMPARISON } from "./landing-sections/comparison";
import { DEFAULT_TESTIMONIALS, testimonialsSchema } from "./landing-sections/testimonials";
import { communitySchema, DEFAULT_COMMUNITY } from "./landing-sections/community";

/**
 * The landing page's editable content (docs/decisions/0050): the sections an editor changes at
 * /admin/site, typed and validated by one Zod schema on both sides. The default is exactly the
 * copy in app/content/ (SPEC.md's words), so a new site looks as it always did. A stored document
 * is read section by section: a section missing or no longer valid (an older shape) falls back to
 * its default, so adding a section later needs no migration. Isomorphic: no server imports.
 */

export { LANDING_LIMITS } from "./landing-schema-kit";

export const seoSchema = z.object({
  title: text("Page title", LANDING_LIMITS.seoTitle),
  description: text("Meta description", LANDING_LIMITS.seoDescription),
});

export const heroSchema = z.object({
  pill: text("Label above the headline", LANDING_LIMITS.short),
  headline: text("Headline", LANDING_LIMITS.title),
  pills: z.array(text("Each tag", LANDING_LIMITS.short)).max(LANDING_LIMITS.pills, `At most ${LANDING_LIMITS.pills} tags.`),
  lead: text("Sub-headline", LANDING_LIMITS.text),
  cta: text("Main button label", LANDING_LIMITS.short),
  secondary: text("Second button label", LANDING_LIMITS.short),
});

/**
 * A process step's words and, optionally, an uploaded illustration (docs/decisions/0057): without
 * one the shipped illustration shows; its number and icon stay the shipped ones (app/content/landing.ts).
 */
export const processStepSchema = z.object({
  title: text("Step title", LANDING_LIMITS.short),
  description: text("Step description", LANDING_LIMITS.text),
  subDescription: text("Step detail", LANDING_LIMITS.text),
  features: z.array(text("Each point", LANDING_LIMITS.short)).max(LANDING_LIMITS.stepFeatures, `At most ${LANDING_LIMITS.stepFeatures} points.`),
  imageAlt: text("Illustration text", LANDING_LIMITS.title * 2),
  image: landingImage("Illustration"),
});

export const processSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  steps: z.array(processStepSchema).length(processSection.steps.length, `The process has ${processSection.steps.length} steps.`),
});

export const faqItemSchema = z.object({
  question: text("Question", LANDING_LIMITS.title * 2),
  answer: text("Answer", LANDING_LIMITS.answer),
});

export const faqSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  items: z.array(faqItemSchema).min(1, "Keep at least one question.").max(LANDING_LIMITS.faqItems, `At most ${LANDING_LIMITS.faqItems} questions.`),
});

export const contactSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  text: text("Text", LANDING_LIMITS.text),
  cta: text("Button label", LANDING_LIMITS.short),
});

/** Each editable section and its schema, in page order (SEO first: it is the page's, not a section's). */
export const LANDING_SECTIONS = {
  seo: seoSchema,
  hero: heroSchema,
  trustedBy: trustedBySchema,
  who: whoSchema,
  services: servicesSchema,
  offerings: offeringsSchema,
  process: processSchema,
  comparison: comparisonSchema,
  problems: problemsSchema,
  testimonials: testimonialsSchema,
  community: communitySchema,
  faq: faqSchema,
  contact: contactSchema,
} as const;

export type LandingSectionName = keyof typeof LANDING_SECTIONS;
export const LANDING_SECTION_NAMES = Object.keys(LANDING_SECTIONS) as LandingSectionName[];

export const landingContentSchema = z.object(LANDING_SECTIONS);
export type LandingContent = z.output<typeof landingContentSchema>;

/** Today's copy from app/content/, the content of a site nobody has edited yet. */
export const DEFAULT_LANDING_CONTENT: LandingContent = {
  seo: { title: pageMeta.home.headline, description: pageMeta.home.description },
  hero: { pill: hero.pill, headline: hero.headline, pills: [...hero.pills], lead: hero.lead, cta: hero.cta, secondary: hero.secondary },
  trustedBy: DEFAULT_TRUSTED_BY,
  who: DEFAULT_WHO,
  services: DEFAULT_SERVICES,
  offerings: DEFAULT_OFFERINGS,
  process: {
    pill: processSection.pill,
    title: processSection.title,
    steps: processSection.steps.map(({ title, description, subDescription, features, imageAlt }) => ({
      title,
      description,
      subDescription,
      features: [...(features ?? [])],
      imageAlt,
    })),
  },
  comparison: DEFAULT_COMPARISON,
  problems: DEFAULT_PROBLEMS,
  testimonials: DEFAULT_TESTIMONIALS,
  community: DEFAULT_COMMUNITY,
  faq: { pill: faq.pill, title: faq.title, items: faq.items.map((item) => ({ ...item })) },
  contact: { ...contact },
};

/** A stored document read section by section: what is missing or invalid is the default (never throws). */
export function readLandingContent(stored: unknown): LandingContent {
  const source = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const name of LANDING_SECTION_NAMES) {
    const parsed = LANDING_SECTIONS[name].safeParse(source[name]);
    out[name] = parsed.success ? parsed.data : DEFAULT_LANDING_CONTENT[name];
  }
  return out as LandingContent;
}

/** The home page's title: the brand, then the stored title ("Studio | Smarter Systems. Better Outcomes."). */
export function landingTitle(brand: string, content: LandingContent) {
  return `${brand} | ${content.seo.title}`;
}

/** The sections' names as the editor and the history show them. */
export const SECTION_LABELS: Record<LandingSectionName, string> = {
  seo: "Search and sharing",
  hero: "Hero",
  trustedBy: "Trusted by",
  who: "Who we are",
  services: "Services",
  offerings: "Offerings",
  process: "Process",
  comparison: "Before & After",
  problems: "Pain points",
  testimonials: "Testimonials",
  community: "Community",
  faq: "FAQ",
  contact: "Contact",
};

/**
 * The content as lines "Section · field: value", one per value, for the history's line diff (a
 * change shows as the one line that changed, whatever the document's JSON layout).
 */
export function contentLines(content: LandingContent): string {
  const lines: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix} ${i + 1}`, v));
    else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) walk(`${prefix} · ${k}`, v);
    else lines.push(`${prefix}: ${String(value)}`);
  };
  for (const name of LANDING_SECTION_NAMES) walk(SECTION_LABELS[name], content[name]);
  return lines.join("\n");
}
