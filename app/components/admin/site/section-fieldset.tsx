import type { ReactNode } from "react";
import type { FieldErrors } from "~/lib/admin-validation";
import type { FormValues } from "~/lib/form-result";
import { SECTION_LABELS, type LandingSectionName } from "~/lib/landing-content";
import { TextAreaField, TextField } from "~/components/ui/field";

/** The id of a section's fields on /admin/site: the section list's links and the preview's clicks lead there. */
export const sectionFieldsId = (section: LandingSectionName) => `edit-${section}`;

/** A section's fields: a fieldset named by its legend, the target of the section list and of a click in the preview. */
export function SectionFieldset({ name, hint, children }: { name: LandingSectionName; hint: string; children: ReactNode }) {
  return (
    <fieldset
      id={sectionFieldsId(name)}
      data-section={name}
      tabIndex={-1}
      className="mb-5 scroll-mt-24 space-y-5 rounded-2xl border border-border bg-surface p-5 outline-none sm:p-6"
    >
      <legend className="float-left mb-1 w-full text-xl font-semibold">{SECTION_LABELS[name]}</legend>
      <p className="clear-both text-sm text-muted">{hint}</p>
      {children}
    </fieldset>
  );
}

/** What every section's fields are given: the values they start with and the server's messages. */
export type SectionFieldsProps = { values: FormValues; errors: FieldErrors; onListChange: () => void };

/**
 * The fields' helpers over one form's values: a value by name (`text`), a repeated field's values
 * (`list`), a required one-line or multi-line field (`field`, `area`), and one of a repeated field
 * (`nth`: "Figure 2 label", its id `field-statLabel.1`, where the server's message points).
 */
export function fieldKit({ values, errors }: Pick<SectionFieldsProps, "values" | "errors">) {
  const text = (key: string) => {
    const value = values[key];
    return typeof value === "string" ? value : "";
  };
  const list = (key: string) => {
    const value = values[key];
    return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  };
  const field = (name: string, label: string, max: number, hint?: string) => (
    <TextField name={name} label={label} required maxLength={max} defaultValue={text(name)} error={errors[name]} hint={hint} />
  );
  const area = (name: string, label: string, max: number, rows: number, hint?: string) => (
    <TextAreaField name={name} label={label} required rows={rows} maxLength={max} defaultValue={text(name)} error={errors[name]} hint={hint} />
  );
  const nth = (
    name: string,
    index: number,
    label: string,
    { max, rows, required = true, hint, inputMode }: { max?: number; rows?: number; required?: boolean; hint?: string; inputMode?: "numeric" } = {},
  ) => {
    const common = {
      name,
      id: `field-${name}.${index}`,
      label,
      defaultValue: list(name)[index] ?? "",
      error: errors[`${name}.${index}`],
      hint,
      required,
      maxLength: max,
    };
    return rows ? <TextAreaField {...common} rows={rows} /> : <TextField {...common} inputMode={inputMode} />;
  };
  return { text, list, field, area, nth };
}
