import { LANDING_LIMITS } from "~/lib/landing-content";
import { OFFERING_ICONS } from "~/lib/landing-sections/offerings";
import { COMMUNITY_BULLETS } from "~/lib/landing-sections/community";
import { controlClass, Field } from "~/components/ui/field";
import { fieldKit, SectionFieldset, type SectionFieldsProps } from "./section-fieldset";
import { ListItemsField } from "./list-items-field";
import { ICON_LABELS } from "./offerings-fields";

/** Community: its texts, its four cards (title, description, icon), its points (added, reordered, removed) and the button's label. */
export function CommunityFields({ values, errors, onListChange }: SectionFieldsProps) {
  const { field, area, list, nth } = fieldKit({ values, errors });
  const icon = (index: number) => {
    const name = "communityCardIcon";
    return (
      <Field name={name} id={`field-${name}.${index}`} label={`Card ${index + 1} icon`} required error={errors[`${name}.${index}`]}>
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
    <SectionFieldset name="community" hint="Four cards, the points under them and a button to the community site (its address is in Settings).">
      <div className="grid gap-5 sm:grid-cols-2">
        {field("communityPill", "Community label", LANDING_LIMITS.short)}
        {field("communityTitle", "Community title", LANDING_LIMITS.title)}
      </div>
      {area("communityIntro", "Community text", LANDING_LIMITS.text, 2)}
      <ol className="grid gap-4 sm:grid-cols-2" aria-label="Cards">
        {list("communityCardTitle").map((_, i) => (
          <li key={i} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
            {nth("communityCardTitle", i, `Card ${i + 1} title`, { max: LANDING_LIMITS.short })}
            {nth("communityCardDescription", i, `Card ${i + 1} description`, { max: LANDING_LIMITS.title * 2, rows: 2 })}
            {icon(i)}
          </li>
        ))}
      </ol>
      <ListItemsField
        id="community-point"
        noun="point"
        label="Points"
        fields={[{ name: "communityBullet", label: (n) => `Point ${n}`, max: LANDING_LIMITS.short }]}
        initial={[list("communityBullet")]}
        max={COMMUNITY_BULLETS}
        errors={errors}
        errorField="communityBullets"
        onChange={onListChange}
      />
      {field("communityCta", "Community button label", LANDING_LIMITS.short, "Opens the community site in a new tab.")}
    </SectionFieldset>
  );
}

/** The testimonials' heading; the testimonials themselves are edited under Testimonials. */
export function TestimonialsFields({ values, errors }: SectionFieldsProps) {
  const { field } = fieldKit({ values, errors });
  return (
    <SectionFieldset
      name="testimonials"
      hint="The heading over the client quotes, which are edited under Testimonials; the section shows only while one is active."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {field("testimonialsPill", "Testimonials label", LANDING_LIMITS.short)}
        {field("testimonialsTitle", "Testimonials title", LANDING_LIMITS.title)}
      </div>
    </SectionFieldset>
  );
}
