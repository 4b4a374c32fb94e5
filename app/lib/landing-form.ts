import { z } from "zod";
import { LANDING_SECTION_NAMES, LANDING_SECTIONS, landingContentSchema, type LandingContent } from "./landing-content";
import type { FormValues } from "./form-result";
import type { LandingSectionName } from "./landing-content";
import { fieldReader, lines, type SectionForm } from "./landing-schema-kit";
import { whoForm } from "./landing-sections/who-we-are";
import { problemsForm } from "./landing-sections/problems";
import { trustedByForm } from "./landing-sections/trusted-by";
import { offeringsForm } from "./landing-sections/offerings";
import { servicesForm } from "./landing-sections/services";
import { comparisonForm } from "./landing-sections/comparison";
import { testimonialsForm } from "./landing-sections/testimonials";
import { communityForm } from "./landing-sections/community";
import { foreignLandingImages } from "./landing-images";

/** The sections whose form mapping lives beside their schema (app/lib/landing-sections/). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry is typed by its own section
const SECTION_FORMS: Partial<Record<LandingSectionName, SectionForm<any>>> = {
  trustedBy: trustedByForm,
  who: whoForm,
  services: servicesForm,
  offerings: offeringsForm,
  comparison: comparisonForm,
  problems: problemsForm,
  testimonials: testimonialsForm,
  community: communityForm,
};
const sectionForms = Object.entries(SECTION_FORMS) as [LandingSectionName, SectionForm<unknown>][];

/**
 * The /admin/site form: flat field names (one form, the one pipeline of decision 0044) read into
 * the landing content and checked by its schema. A fault is reported on the field that holds it:
 * "heroHeadline", or "faqQuestion.2" for the third question (its control's id is
 * `field-faqQuestion.2`, where the error summary and the focus go). Isomorphic.
 */

/** Repeated fields: the FAQ's questions and answers, in the order shown. */
export const LANDING_MULTI: readonly string[] = [
  "faqQuestion",
  "faqAnswer",
  "stepTitle",
  "stepDescription",
  "stepDetail",
  "stepPoints",
  "stepImageAlt",
  "stepImage",
  ...sectionForms.flatMap(([, form]) => form.multi),
];

/** A process step's form field for each of its content keys. */
const STEP_FIELD: Record<string, string> = {
  title: "stepTitle",
  description: "stepDescription",
  subDescription: "stepDetail",
  features: "stepPoints",
  imageAlt: "stepImageAlt",
  image: "stepImage",
};

/** The `intent` of each button: save the draft, publish it, or show it in the preview. */
export const LANDING_INTENTS = ["draft", "publish"] as const;

const FIELD_OF: Record<string, string> = {
  "seo.title": "seoTitle",
  "seo.description": "seoDescription",
  "hero.pill": "heroPill",
  "hero.headline": "heroHeadline",
  "hero.pills": "heroPills",
  "hero.lead": "heroLead",
  "hero.cta": "heroCta",
  "hero.secondary": "heroSecondary",
  "process.pill": "processPill",
  "process.title": "processTitle",
  "process.steps": "processSteps",
  "faq.pill": "faqPill",
  "faq.title": "faqTitle",
  "faq.items": "faqItems",
  "contact.pill": "contactPill",
  "contact.title": "contactTitle",
  "contact.text": "contactText",
  "contact.cta": "contactCta",
};

/** The form field a content issue is about ("faq.items.2.answer" → "faqAnswer.2"). */
export function fieldOfPath(path: readonly PropertyKey[]): string {
  const [section, key, index, part] = path.map(String);
  const form = SECTION_FORMS[section as LandingSectionName];
  if (form) return form.fieldOf(path.slice(1).map(String)) ?? "form";
  if (section === "faq" && key === "items" && index !== undefined && part) return `faq${part === "question" ? "Question" : "Answer"}.${index}`;
  if (section === "process" && key === "steps" && index !== undefined && part && STEP_FIELD[part]) return `${STEP_FIELD[part]}.${index}`;
  return FIELD_OF[`${section}.${key}`] ?? "form";
}

const str = z.string().optional().default("");
const list = z.array(z.string()).optional().default([]);

const fieldsSchema = z
  .object({
    seoTitle: str,
    seoDescription: str,
    heroPill: str,
    heroHeadline: str,
    heroPills: str,
    heroLead: str,
    heroCta: str,
    heroSecondary: str,
    processPill: str,
    processTitle: str,
    stepTitle: list,
    stepDescription: list,
    stepDetail: list,
    stepPoints: list,
    stepImageAlt: list,
    stepImage: list,
    faqPill: str,
    faqTitle: str,
    faqQuestion: list,
    faqAnswer: list,
    contactPill: str,
    contactTitle: str,
    contactText: str,
    contactCta: str,
  })
  // The sections of app/lib/landing-sections/ read their own fields from what is passed through.
  .loose();

/** The fields as the content's shape, not yet checked. */
function unchecked(f: z.output<typeof fieldsSchema>): Record<LandingSectionName, unknown> {
  const read = fieldReader(f);
  const sections = Object.fromEntries(sectionForms.map(([name, form]) => [name, form.read(read)])) as Record<LandingSectionName, unknown>;
  return {
    ...sections,
    seo: { title: f.seoTitle, description: f.seoDescription },
    hero: { pill: f.heroPill, headline: f.heroHeadline, pills: lines(f.heroPills), lead: f.heroLead, cta: f.heroCta, secondary: f.heroSecondary },
    process: {
      pill: f.processPill,
      title: f.processTitle,
      steps: f.stepTitle.map((title, i) => ({
        title,
        description: f.stepDescription[i] ?? "",
        subDescription: f.stepDetail[i] ?? "",
        features: lines(f.stepPoints[i] ?? ""),
        imageAlt: f.stepImageAlt[i] ?? "",
        image: f.stepImage[i]?.trim() || undefined,
      })),
    },
    faq: { pill: f.faqPill, title: f.faqTitle, items: f.faqQuestion.map((question, i) => ({ question, answer: f.faqAnswer[i] ?? "" })) },
    contact: { pill: f.contactPill, title: f.contactTitle, text: f.contactText, cta: f.contactCta },
  };
}

/**
 * The submitted fields as landing content, or each fault on its field. `imageBases`: the absolute
 * addresses uploads may have besides this site's /uploads/ paths (the server's
 * `uploadedImageBases()`, the S3 store's), so an image from anywhere else is refused on its field.
 */
export const landingFormSchemaFor = (imageBases: readonly string[]) =>
  fieldsSchema.transform((f, ctx): LandingContent => {
    const parsed = landingContentSchema.safeParse(unchecked(f));
    const issues = parsed.success ? foreignLandingImages(parsed.data, imageBases) : parsed.error.issues;
    if (parsed.success && issues.length === 0) return parsed.data;
    for (const issue of issues) ctx.addIssue({ code: "custom", message: issue.message, path: [fieldOfPath(issue.path)] });
    return z.NEVER;
  });

/** The form with images on this site's own disk store only (no S3 base). */
export const landingFormSchema = landingFormSchemaFor([]);

/**
 * What the preview shows of fields being typed: each section as typed when it is valid, else as
 * `fallback` has it (the saved draft), so a half-typed field never blanks the preview.
 */
export function previewContent(
  values: FormValues,
  fallback: LandingContent,
  imageBases: readonly string[] = [],
): { content: LandingContent; invalid: LandingSectionName[] } {
  const fields = fieldsSchema.safeParse(values);
  if (!fields.success) return { content: fallback, invalid: [...LANDING_SECTION_NAMES] };
  const typed = unchecked(fields.data);
  const content: Record<string, unknown> = {};
  const invalid: LandingSectionName[] = [];
  for (const name of LANDING_SECTION_NAMES) {
    const parsed = LANDING_SECTIONS[name].safeParse(typed[name]);
    // An image from elsewhere is shown as saved, like any invalid field (the frame's CSP would block it anyway).
    const valid = parsed.success && !foreignLandingImages({ ...fallback, [name]: parsed.data }, imageBases).some((issue) => issue.path[0] === name);
    if (!valid) invalid.push(name);
    content[name] = valid ? parsed.data : fallback[name];
  }
  return { content: content as LandingContent, invalid };
}

/** The content as the form's values (what the fields start with). */
export function landingFormValues(content: LandingContent): FormValues {
  return {
    seoTitle: content.seo.title,
    seoDescription: content.seo.description,
    heroPill: content.hero.pill,
    heroHeadline: content.hero.headline,
    heroPills: content.hero.pills.join("\n"),
    heroLead: content.hero.lead,
    heroCta: content.hero.cta,
    heroSecondary: content.hero.secondary,
    processPill: content.process.pill,
    processTitle: content.process.title,
    stepTitle: content.process.steps.map((step) => step.title),
    stepDescription: content.process.steps.map((step) => step.description),
    stepDetail: content.process.steps.map((step) => step.subDescription),
    stepPoints: content.process.steps.map((step) => step.features.join("\n")),
    stepImageAlt: content.process.steps.map((step) => step.imageAlt),
    stepImage: content.process.steps.map((step) => step.image ?? ""),
    faqPill: content.faq.pill,
    faqTitle: content.faq.title,
    faqQuestion: content.faq.items.map((item) => item.question),
    faqAnswer: content.faq.items.map((item) => item.answer),
    contactPill: content.contact.pill,
    contactTitle: content.contact.title,
    contactText: content.contact.text,
    contactCta: content.contact.cta,
    ...sectionForms.reduce<FormValues>((all, [name, form]) => ({ ...all, ...form.values(content[name]) }), {}),
  };
}
