import { LANDING_LIMITS } from "~/lib/landing-content";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";
import { ListItemsField } from "./list-items-field";
import { QuotePhotoField } from "./landing-image-fields";

/**
 * The pain points: the section's texts and its quotes (the words, a name and an optional photo),
 * added, reordered and removed like the FAQ's questions.
 */
export function ProblemsFields({ values, errors, onListChange }: SectionFieldsProps) {
  const { field, area, list } = fieldKit({ values, errors });
  return (
    <SectionFieldset name="problems" hint="What teams tell us on discovery calls: the quotes scroll in the order shown.">
      <div className="grid gap-5 sm:grid-cols-2">
        {field("problemsPill", "Pain points label", LANDING_LIMITS.short)}
        {field("problemsTitle", "Pain points title", LANDING_LIMITS.title)}
      </div>
      {area("problemsIntro", "Pain points text", LANDING_LIMITS.text, 3)}
      <ListItemsField
        id="quote"
        noun="quote"
        label="Quotes"
        fields={[
          { name: "quoteText", label: (n) => `Quote ${n}`, max: LANDING_LIMITS.title * 2, rows: 2 },
          { name: "quoteName", label: (n) => `Quote ${n} name`, max: LANDING_LIMITS.short },
          {
            name: "quoteAvatar",
            label: (n) => `Quote ${n} photo`,
            max: 0,
            optional: true,
            render: ({ index, value, error, onChange }) => <QuotePhotoField index={index} url={value} error={error} onChange={onChange} />,
          },
        ]}
        initial={[list("quoteText"), list("quoteName"), list("quoteAvatar")]}
        max={LANDING_LIMITS.painPoints}
        errors={errors}
        errorField="problemsQuotes"
        onChange={onListChange}
      />
    </SectionFieldset>
  );
}
