import { LANDING_LIMITS } from "~/lib/landing-content";
import { SERVICE_TOOLS, SERVICE_USE_CASES, STACK_GROUPS, STACK_ITEMS, STACK_TAB } from "~/lib/landing-sections/services";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";
import { ListItemsField } from "./list-items-field";

/**
 * Services: the section's texts and list headings, each team tab's label, title, description, use
 * cases and tools, and the stack groups (added, reordered, removed) of the tab that shows them.
 */
export function ServicesFields({ values, errors, onListChange }: SectionFieldsProps) {
  const { field, area, list, nth } = fieldKit({ values, errors });
  const stackTab = list("serviceLabel")[STACK_TAB] ?? `Team ${STACK_TAB + 1}`;
  return (
    <SectionFieldset name="services" hint="A tab for each team: what it automates and the tools it connects; the number of teams stays as it is.">
      <div className="grid gap-5 sm:grid-cols-2">
        {field("servicesPill", "Services label", LANDING_LIMITS.short)}
        {field("servicesTitle", "Services title", LANDING_LIMITS.title)}
      </div>
      {area("servicesIntro", "Services text", LANDING_LIMITS.text, 2)}
      <div className="grid gap-5 sm:grid-cols-3">
        {field("servicesUseCasesLabel", "Use cases heading", LANDING_LIMITS.short)}
        {field("servicesToolsLabel", "Tools heading", LANDING_LIMITS.short)}
        {field("servicesStackLabel", "Stack heading", LANDING_LIMITS.short)}
      </div>
      {list("serviceLabel").map((_, t) => (
        <fieldset key={t} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
          <legend className="px-1 text-sm font-semibold">Team {t + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {nth("serviceLabel", t, `Team ${t + 1} tab label`, { max: LANDING_LIMITS.short })}
            {nth("serviceTitle", t, `Team ${t + 1} title`, { max: LANDING_LIMITS.title })}
          </div>
          {nth("serviceDescription", t, `Team ${t + 1} description`, { max: LANDING_LIMITS.text, rows: 2 })}
          {nth("serviceUseCases", t, `Team ${t + 1} use cases`, { rows: 4, hint: `One a line, up to ${SERVICE_USE_CASES}.` })}
          {nth("serviceTools", t, `Team ${t + 1} tools`, { rows: 4, required: false, hint: `One a line, up to ${SERVICE_TOOLS}; none shows no tools.` })}
        </fieldset>
      ))}
      <fieldset className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
        <legend className="px-1 text-sm font-semibold">Stack</legend>
        <p className="text-sm text-muted">{`Shown in the ${stackTab} tab, under the stack heading; no group shows no stack.`}</p>
        <ListItemsField
          id="stack"
          noun="stack group"
          label="Stack groups"
          fields={[
            { name: "stackTitle", label: (n) => `Stack group ${n} title`, max: LANDING_LIMITS.short },
            {
              name: "stackItems",
              label: (n) => `Stack group ${n} items`,
              max: STACK_ITEMS * (LANDING_LIMITS.short + 1),
              rows: 3,
              hint: `One a line, up to ${STACK_ITEMS}.`,
            },
          ]}
          initial={[list("stackTitle"), list("stackItems")]}
          max={STACK_GROUPS}
          errors={errors}
          errorField="servicesStack"
          onChange={onListChange}
        />
      </fieldset>
    </SectionFieldset>
  );
}
