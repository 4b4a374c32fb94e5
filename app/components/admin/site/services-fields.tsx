import { LANDING_LIMITS } from "~/lib/landing-content";
import { SERVICE_USE_CASES } from "~/lib/landing-sections/services";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";

/** Services: the section's texts and each team tab's label, title, description and use cases; their tools stay as they are. */
export function ServicesFields({ values, errors }: SectionFieldsProps) {
  const { field, area, list, nth } = fieldKit({ values, errors });
  return (
    <SectionFieldset name="services" hint="A tab for each team; the tools and the stack shown beside them stay as they are.">
      <div className="grid gap-5 sm:grid-cols-2">
        {field("servicesPill", "Services label", LANDING_LIMITS.short)}
        {field("servicesTitle", "Services title", LANDING_LIMITS.title)}
      </div>
      {area("servicesIntro", "Services text", LANDING_LIMITS.text, 2)}
      {list("serviceLabel").map((_, t) => (
        <fieldset key={t} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
          <legend className="px-1 text-sm font-semibold">Team {t + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {nth("serviceLabel", t, `Team ${t + 1} tab label`, { max: LANDING_LIMITS.short })}
            {nth("serviceTitle", t, `Team ${t + 1} title`, { max: LANDING_LIMITS.title })}
          </div>
          {nth("serviceDescription", t, `Team ${t + 1} description`, { max: LANDING_LIMITS.text, rows: 2 })}
          {nth("serviceUseCases", t, `Team ${t + 1} use cases`, { rows: 4, hint: `One a line, up to ${SERVICE_USE_CASES}.` })}
        </fieldset>
      ))}
    </SectionFieldset>
  );
}
