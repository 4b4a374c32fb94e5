import { LANDING_LIMITS } from "~/lib/landing-content";
import { SHAPE_LABELS, WORDMARK_SHAPES } from "~/lib/landing-sections/trusted-by";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";
import { ListItemsField } from "./list-items-field";

const SHAPES = WORDMARK_SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] }));

/** Trusted by: the heading and the clients' wordmarks (name, a shorter name to show, the mark, the link), added, reordered and removed. */
export function TrustedByFields({ values, errors, onListChange }: SectionFieldsProps) {
  const { field, list } = fieldKit({ values, errors });
  return (
    <SectionFieldset name="trustedBy" hint="The clients under the hero, each drawn as its name beside a simple mark, linked to its site.">
      {field("trustedTitle", "Trusted by heading", LANDING_LIMITS.title)}
      <ListItemsField
        id="logo"
        noun="company"
        label="Companies"
        fields={[
          { name: "logoName", label: (n) => `Company ${n}`, max: LANDING_LIMITS.short, hint: "What screen readers say." },
          {
            name: "logoLabel",
            label: (n) => `Company ${n} shown name`,
            max: LANDING_LIMITS.short,
            optional: true,
            hint: "A shorter name to show; empty shows the name.",
          },
          { name: "logoMark", label: (n) => `Company ${n} mark`, max: 0, options: SHAPES },
          { name: "logoUrl", label: (n) => `Company ${n} link`, max: LANDING_LIMITS.url, type: "url" },
        ]}
        initial={[list("logoName"), list("logoLabel"), list("logoMark"), list("logoUrl")]}
        max={LANDING_LIMITS.logos}
        errors={errors}
        errorField="trustedLogos"
        onChange={onListChange}
      />
    </SectionFieldset>
  );
}
