import { LANDING_LIMITS } from "~/lib/landing-content";
import { TextField } from "~/components/ui/field";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";

const METRICS = [
  { key: "Time", name: "Hours a week" },
  { key: "ErrorRate", name: "Error rate (%)" },
  { key: "Cost", name: "Cost a week ($)" },
] as const;

/** Before & After: its texts, the figures it starts with and the rules that turn a visitor's Before into After. */
export function ComparisonFields({ values, errors }: SectionFieldsProps) {
  const { field, area, text } = fieldKit({ values, errors });
  const number = (name: string, label: string, hint?: string) => (
    <TextField name={name} label={label} required inputMode="decimal" maxLength={12} defaultValue={text(name)} error={errors[name]} hint={hint} />
  );
  return (
    <SectionFieldset
      name="comparison"
      hint="The slider's texts and starting figures. When a visitor types a Before figure, After is that share of it, never less than the least value."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {field("comparisonPill", "Before & After label", LANDING_LIMITS.short)}
        {field("comparisonTitle", "Before & After title", LANDING_LIMITS.title)}
      </div>
      {area("comparisonIntro", "Before & After text", LANDING_LIMITS.text, 2)}
      {METRICS.map(({ key, name }) => (
        <fieldset key={key} className="grid gap-3 rounded-xl border border-border bg-background/40 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">{name}</legend>
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
