import { auditDialog } from "~/content/site";
import { HONEYPOT_FIELD } from "~/lib/lead-honeypot";
import type { LeadFieldErrors } from "~/lib/lead";
import { TextAreaField, TextField } from "~/components/ui/field";

export type LeadFieldName = keyof LeadFieldErrors;

const INPUTS: { name: Exclude<LeadFieldName, "message">; type: string; autoComplete: string }[] = [
  { name: "name", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "company", type: "text", autoComplete: "organization" },
];

/** The order in which the fields appear, to focus the first one with an error. */
export const LEAD_FIELD_ORDER: LeadFieldName[] = ["name", "email", "company", "message"];

/**
 * The audit request's fields, shared by the dialog and the /audit page: name, work email,
 * company, what to automate, and the honeypot people never see. `idPrefix` keeps the ids of the
 * two forms apart; `values` refills the page's form after a refused submission.
 */
export function AuditRequestFields({
  idPrefix,
  errors,
  values = {},
}: {
  idPrefix: string;
  errors: LeadFieldErrors;
  values?: Partial<Record<LeadFieldName, string>>;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {INPUTS.map((f) => (
          <TextField
            key={f.name}
            id={`${idPrefix}-${f.name}`}
            size="lg"
            required
            requiredMark={false}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            label={auditDialog.fields[f.name].label}
            placeholder={auditDialog.fields[f.name].placeholder}
            defaultValue={values[f.name]}
            error={errors[f.name]}
            className={f.name === "company" ? "sm:col-span-2" : undefined}
          />
        ))}
      </div>
      <TextAreaField
        id={`${idPrefix}-message`}
        size="lg"
        required
        requiredMark={false}
        rows={4}
        name="message"
        label={auditDialog.fields.message.label}
        placeholder={auditDialog.fields.message.placeholder}
        defaultValue={values.message}
        error={errors.message}
      />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {auditDialog.honeypot}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
