import type { FieldErrors } from "~/lib/admin-validation";
import type { FormValues } from "~/lib/form-result";
import { LANDING_LIMITS, SECTION_LABELS, type LandingSectionName } from "~/lib/landing-content";
import { TextAreaField, TextField } from "~/components/ui/field";
import { ListItemsField } from "./list-items-field";
import { fieldKit, SectionFieldset, sectionFieldsId, type SectionFieldsProps } from "./section-fieldset";
import { WhoFields } from "./who-fields";
import { TrustedByFields } from "./trusted-by-fields";
import { OfferingsFields } from "./offerings-fields";
import { ServicesFields } from "./services-fields";
import { ComparisonFields } from "./comparison-fields";
import { ProblemsFields } from "./problems-fields";
import { CommunityFields, TestimonialsFields } from "./community-fields";
import { StepIllustrationField } from "./landing-image-fields";

export { sectionFieldsId };

const ORDER: LandingSectionName[] = [
  "hero",
  "trustedBy",
  "who",
  "services",
  "offerings",
  "process",
  "comparison",
  "problems",
  "testimonials",
  "community",
  "faq",
  "contact",
  "seo",
];

/** The sections of the landing page the editor changes, as links to their fields. */
export function SectionList() {
  return (
    <nav aria-label="Sections" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {ORDER.map((name) => (
          <li key={name}>
            <a
              href={`#${sectionFieldsId(name)}`}
              className="inline-flex h-9 items-center rounded-full border border-border bg-surface px-3.5 text-sm hover:border-primary focus-visible:outline-2"
            >
              {SECTION_LABELS[name]}
            </a>
          </li>
        ))}
        <li className="xl:hidden">
          <a
            href="#preview-title"
            className="inline-flex h-9 items-center rounded-full border border-border bg-surface px-3.5 text-sm hover:border-primary focus-visible:outline-2"
          >
            Preview
          </a>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Every field of /admin/site, by section: uncontrolled, filled with `values` (the draft, or what
 * was typed when a save was refused), each with its error from the one form pipeline.
 */
export function LandingFields({ values, errors, onListChange }: SectionFieldsProps) {
  const { text, list, field, area } = fieldKit({ values, errors });

  return (
    <>
      <SectionFieldset name="hero" hint="The first screen: the headline is the page's main heading.">
        {field("heroPill", "Label above the headline", LANDING_LIMITS.short)}
        {field("heroHeadline", "Headline", LANDING_LIMITS.title)}
        {area("heroLead", "Sub-headline", LANDING_LIMITS.text, 3)}
        <TextAreaField
          name="heroPills"
          label="Tags under the headline"
          rows={3}
          defaultValue={text("heroPills")}
          error={errors.heroPills}
          hint={`One a line, up to ${LANDING_LIMITS.pills}.`}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          {field("heroCta", "Main button label", LANDING_LIMITS.short, "Opens the audit request.")}
          {field("heroSecondary", "Second button label", LANDING_LIMITS.short, "Leads to the services.")}
        </div>
      </SectionFieldset>
      <TrustedByFields values={values} errors={errors} onListChange={onListChange} />
      <WhoFields values={values} errors={errors} onListChange={onListChange} />
      <ServicesFields values={values} errors={errors} onListChange={onListChange} />
      <OfferingsFields values={values} errors={errors} onListChange={onListChange} />
      <SectionFieldset name="process" hint="The four steps; their icons stay as they are, and each shows its shipped illustration unless you upload one.">
        <div className="grid gap-5 sm:grid-cols-2">
          {field("processPill", "Process label", LANDING_LIMITS.short)}
          {field("processTitle", "Process title", LANDING_LIMITS.title)}
        </div>
        <ol className="space-y-4" aria-label="Steps">
          {list("stepTitle").map((_, i) => (
            <li key={i} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
              <StepField kind="stepTitle" index={i} label="title" max={LANDING_LIMITS.short} values={values} errors={errors} />
              <StepField kind="stepDescription" index={i} label="description" max={LANDING_LIMITS.text} rows={2} values={values} errors={errors} />
              <StepField kind="stepDetail" index={i} label="detail" max={LANDING_LIMITS.text} rows={2} values={values} errors={errors} />
              <StepField kind="stepPoints" index={i} label="points" rows={3} values={values} errors={errors} hint="One a line, shown with a check mark." />
              <StepField
                kind="stepImageAlt"
                index={i}
                label="illustration text"
                max={LANDING_LIMITS.title * 2}
                values={values}
                errors={errors}
                hint="What the illustration shows, for screen readers."
              />
              <StepIllustrationField index={i} values={values} errors={errors} onChange={onListChange} />
            </li>
          ))}
        </ol>
      </SectionFieldset>
      <ComparisonFields values={values} errors={errors} onListChange={onListChange} />
      <ProblemsFields values={values} errors={errors} onListChange={onListChange} />
      <TestimonialsFields values={values} errors={errors} onListChange={onListChange} />
      <CommunityFields values={values} errors={errors} onListChange={onListChange} />
      <SectionFieldset name="faq" hint="Questions and answers, in the order shown; search engines read them too.">
        <div className="grid gap-5 sm:grid-cols-2">
          {field("faqPill", "FAQ label", LANDING_LIMITS.short)}
          {field("faqTitle", "FAQ title", LANDING_LIMITS.title)}
        </div>
        <ListItemsField
          id="faq"
          noun="question"
          label="Questions"
          fields={[
            { name: "faqQuestion", label: (n) => `Question ${n}`, max: LANDING_LIMITS.title * 2 },
            { name: "faqAnswer", label: (n) => `Answer ${n}`, max: LANDING_LIMITS.answer, rows: 3 },
          ]}
          initial={[list("faqQuestion"), list("faqAnswer")]}
          max={LANDING_LIMITS.faqItems}
          errors={errors}
          errorField="faqItems"
          onChange={onListChange}
        />
      </SectionFieldset>
      <SectionFieldset name="contact" hint="The closing call to action at the bottom of the page.">
        <div className="grid gap-5 sm:grid-cols-2">
          {field("contactPill", "Contact label", LANDING_LIMITS.short)}
          {field("contactTitle", "Contact title", LANDING_LIMITS.title)}
        </div>
        {area("contactText", "Contact text", LANDING_LIMITS.text, 3)}
        {field("contactCta", "Contact button label", LANDING_LIMITS.short)}
      </SectionFieldset>
      <SectionFieldset name="seo" hint="What search results and shared links show for the home page.">
        {field("seoTitle", "Page title", LANDING_LIMITS.seoTitle, "Shown after the brand name: “Brand | Page title”.")}
        {area("seoDescription", "Meta description", LANDING_LIMITS.seoDescription, 3, "About 160 characters show in search results.")}
      </SectionFieldset>
    </>
  );
}

/** One field of process step `index` ("Step 2 title"); its id carries the position, where the server's message points. */
function StepField({
  kind,
  index,
  label,
  max,
  rows,
  hint,
  values,
  errors,
}: {
  kind: string;
  index: number;
  label: string;
  max?: number;
  rows?: number;
  hint?: string;
  values: FormValues;
  errors: FieldErrors;
}) {
  const all = values[kind];
  const value = (Array.isArray(all) ? all[index] : index === 0 ? all : "") ?? "";
  const common = {
    name: kind,
    id: `field-${kind}.${index}`,
    label: `Step ${index + 1} ${label}`,
    defaultValue: value,
    error: errors[`${kind}.${index}`],
    hint,
  };
  // The points may be none; every other step field is required.
  const required = kind !== "stepPoints";
  return rows ? <TextAreaField {...common} required={required} rows={rows} maxLength={max} /> : <TextField {...common} required={required} maxLength={max} />;
}
