import { LANDING_LIMITS } from "~/lib/landing-content";
import { WHO_PARTNERS } from "~/lib/landing-sections/who-we-are";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";
import { ListItemsField } from "./list-items-field";

/** "Who we are": its texts, its four figures (value, suffix, label) and the partners (name, link: added, reordered, removed). */
export function WhoFields({ values, errors, onListChange }: SectionFieldsProps) {
  const { field, area, list, nth } = fieldKit({ values, errors });
  return (
    <SectionFieldset
      name="who"
      hint="The studio in a few words and four figures, each a whole number that counts up on sight, with a suffix such as “+” or “%” (or none), then the official partners. The diagram of tools under them stays as it is."
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
      <ListItemsField
        id="partner"
        noun="partner"
        label="Partners"
        fields={[
          { name: "partnerName", label: (n) => `Partner ${n}`, max: LANDING_LIMITS.short, hint: "Shown as text, not as the partner's logo." },
          { name: "partnerUrl", label: (n) => `Partner ${n} link`, max: LANDING_LIMITS.url, type: "url" },
        ]}
        initial={[list("partnerName"), list("partnerUrl")]}
        max={WHO_PARTNERS}
        errors={errors}
        errorField="whoPartners"
        onChange={onListChange}
      />
    </SectionFieldset>
  );
}
