import { LANDING_LIMITS } from "~/lib/landing-content";
import { OFFERING_FEATURES, OFFERING_ICONS } from "~/lib/landing-sections/offerings";
import { controlClass, Field } from "~/components/ui/field";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";

/** The icons as the editor picks them: their names, as the public page draws them (app/components/landing/icons.tsx). */
export const ICON_LABELS: Record<(typeof OFFERING_ICONS)[number], string> = {
  inbox: "Inbox",
  search: "Magnifier",
  chart: "Bar chart",
  file: "Document",
  users: "People",
  calendar: "Calendar",
  check: "Check mark",
  bot: "Robot",
  mail: "Envelope",
  database: "Database",
  globe: "Globe",
  handshake: "Handshake",
  layers: "Layers",
  shield: "Shield",
  map: "Map",
  wrench: "Wrench",
  package: "Package",
  trending: "Rising chart",
  library: "Books",
  graduation: "Graduation cap",
  video: "Play button",
  workflow: "Workflow",
  chat: "Speech bubble",
  sheet: "Spreadsheet",
  sparkles: "Sparkles",
};

/** Offerings: the section's texts, and each offering's tab label, title, description and four features (title, description, icon). */
export function OfferingsFields({ values, errors }: SectionFieldsProps) {
  const { field, list, nth } = fieldKit({ values, errors });
  const icon = (index: number, label: string) => {
    const name = "featureIcon";
    return (
      <Field name={name} id={`field-${name}.${index}`} label={label} required error={errors[`${name}.${index}`]}>
        {(tie) => (
          <select {...tie} defaultValue={list(name)[index] ?? ""} className={controlClass()}>
            {OFFERING_ICONS.map((value) => (
              <option key={value} value={value}>
                {ICON_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  };
  return (
    <SectionFieldset name="offerings" hint="The five packaged engagements, each a tab with four features; their number stays as it is.">
      <div className="grid gap-5 sm:grid-cols-2">
        {field("offeringsPill", "Offerings label", LANDING_LIMITS.short)}
        {field("offeringsTitle", "Offerings title", LANDING_LIMITS.title)}
      </div>
      {list("offeringLabel").map((_, t) => (
        <fieldset key={t} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
          <legend className="px-1 text-sm font-semibold">Offering {t + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {nth("offeringLabel", t, `Offering ${t + 1} tab label`, { max: LANDING_LIMITS.short })}
            {nth("offeringTitle", t, `Offering ${t + 1} title`, { max: LANDING_LIMITS.title })}
          </div>
          {nth("offeringDescription", t, `Offering ${t + 1} description`, { max: LANDING_LIMITS.text, rows: 2 })}
          <ol className="grid gap-3 sm:grid-cols-2" aria-label={`Offering ${t + 1} features`}>
            {Array.from({ length: OFFERING_FEATURES }, (_, f) => t * OFFERING_FEATURES + f).map((n, f) => (
              <li key={n} className="space-y-2 rounded-lg border border-border p-3">
                {nth("featureTitle", n, `Offering ${t + 1} feature ${f + 1} title`, { max: LANDING_LIMITS.short })}
                {nth("featureDescription", n, `Offering ${t + 1} feature ${f + 1} description`, { max: LANDING_LIMITS.title * 2, rows: 2 })}
                {icon(n, `Offering ${t + 1} feature ${f + 1} icon`)}
              </li>
            ))}
          </ol>
        </fieldset>
      ))}
    </SectionFieldset>
  );
}
