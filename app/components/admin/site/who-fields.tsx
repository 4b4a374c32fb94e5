import { LANDING_LIMITS } from "~/lib/landing-content";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";

/** "Who we are": its texts and its four figures (value, suffix, label). */
export function WhoFields({ values, errors }: SectionFieldsProps) {
  const { field, area, list, nth } = fieldKit({ values, errors });
  return (
    <SectionFieldset
      name="who"
      hint="The studio in a few words and four figures, each a whole number that counts up on sight, with a suffix such as “+” or “%” (or none). The partners and the diagram stay as they are."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {field("whoPill", "Who we are label", LANDING_LIMITS.short)}
        {field("whoTitle", "Who we are title", LANDING_LIMITS.title)}
      </div>
      {area("whoText", "Who we are text", LANDING_LIMITS.text, 3)}
      <ol className="grid gap-4 sm:grid-cols-2" aria-label="Figures">
        {list("statLabel").map((_, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_5rem] gap-3 rounded-xl border border-border bg-background/40 p-4">
            {nth("statValue", i, `Figure ${i + 1}`, { max: 9, inputMode: "numeric" })}
            {nth("statSuffix", i, `Figure ${i + 1} suffix`, { max: LANDING_LIMITS.suffix, required: false })}
            <div className="col-span-2">{nth("statLabel", i, `Figure ${i + 1} label`, { max: LANDING_LIMITS.short })}</div>
          </li>
        ))}
      </ol>
      {field("whoPartnersTitle", "Partners heading", LANDING_LIMITS.short)}
    </SectionFieldset>
  );
}
