import { LANDING_LIMITS } from "~/lib/landing-content";
import { TextField } from "~/components/ui/field";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";

const METRICS = [
  { key: "Time", name: "Hours a week" },
  { key: "ErrorRate", name: "Error rate (%)" },
  { key: "Cost", name: "Cost a week ($)" },
] as const;
const SIDES = ["Before", "After"] as const;

/** Before & After: its texts, each side's story, each metric's words, figures and rule (a visitor's Before into After). */
export function ComparisonFields({ values, errors }: SectionFieldsProps) {
  const { field, area, text } = fieldKit({ values, errors });
  const number = (name: string, label: string, hint?: string) => (
    <TextField name={name} label={label} required inputMode="decimal" maxLength={12} defaultValue={text(name)} error={errors[name]} hint={hint} />
  );
  return (
    <SectionFieldset
      name="comparison"
      hint="The slider's texts, words and starting figures. When a visitor types a Before figure, After is that share of it, never less than the least value."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {field("comparisonPill", "Before & After label", LANDING_LIMITS.short)}
        {field("comparisonTitle", "Before & After title", LANDING_LIMITS.title)}
      </div>
      {area("comparisonIntro", "Before & After text", LANDING_LIMITS.text, 2)}
      <div className="grid gap-4 sm:grid-cols-2">
        {SIDES.map((side) => (
          <fieldset key={side} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
            <legend className="px-1 text-sm font-semibold">{side} side</legend>
            {field(`comparison${side}Headline`, `${side} headline`, LANDING_LIMITS.short)}
            {area(`comparison${side}Subhead`, `${side} subhead`, LANDING_LIMITS.title * 2, 2)}
          </fieldset>
        ))}
      </div>
      {METRICS.map(({ key, name }) => (
        <fieldset key={key} className="grid gap-3 rounded-xl border border-border bg-background/40 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">{name}</legend>
          <div className="sm:col-span-2">{field(`metric${key}Label`, `${name}: label`, LANDING_LIMITS.short, "Beside the figure on both sides.")}</div>
          {field(`metric${key}BeforeCaption`, `${name}: Before caption`, LANDING_LIMITS.title)}
          {field(`metric${key}AfterCaption`, `${name}: After caption`, LANDING_LIMITS.title)}
          {number(`before${key}`, `${name}: Before`)}
          {number(`after${key}`, `${name}: After`, "At most the Before figure.")}
          {number(`rule${key}Percent`, `${name}: After as % of Before`, "From 1 to 99.")}
          {number(`rule${key}Min`, `${name}: least After`)}
        </fieldset>
      ))}
      {area("comparisonFootnote", "Before & After footnote", LANDING_LIMITS.title * 2, 2)}
    </SectionFieldset>
  );
}
