import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "w-full rounded-lg border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted/80 focus-visible:border-primary aria-[invalid=true]:border-red-400";

/**
 * The required mark sits beside the label, not in it: the field's label text and accessible name
 * are then exactly SPEC.md's ('Name', not 'Name*').
 */
function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <div className="mb-1.5 flex items-baseline gap-0.5 text-sm font-medium">
      <label htmlFor={htmlFor}>{label}</label>
      {required ? (
        <span aria-hidden="true" className="text-red-400">
          *
        </span>
      ) : null}
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-300">
      {error}
    </p>
  );
}

type Common = { name: string; label: string; error?: string; hint?: ReactNode; className?: string };

type ControlProps = { id: string; name: string; required?: boolean; "aria-invalid"?: true; "aria-describedby"?: string };

/** Label, hint and server error around one control; `children` gets the id and aria attributes that tie them together. */
function Field({
  name,
  label,
  error,
  hint,
  className,
  id,
  required,
  children,
}: Common & { id?: string; required?: boolean; children: (control: ControlProps) => ReactNode }) {
  const fieldId = id ?? `field-${name}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={fieldId} label={label} required={required} />
      {children({
        id: fieldId,
        name,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A labelled input with a required mark and its server error (announced through aria-describedby). */
export function TextField({ name, label, error, hint, className, id, required, ...props }: Common & Omit<ComponentProps<"input">, "name">) {
  return (
    <Field name={name} label={label} error={error} hint={hint} className={className} id={id} required={required}>
      {(control) => <input {...control} className={inputClass} {...props} />}
    </Field>
  );
}

export function TextAreaField({ name, label, error, hint, className, id, required, ...props }: Common & Omit<ComponentProps<"textarea">, "name">) {
  return (
    <Field name={name} label={label} error={error} hint={hint} className={className} id={id} required={required}>
      {(control) => <textarea {...control} className={cn(inputClass, "leading-relaxed")} {...props} />}
    </Field>
  );
}

/** SPEC.md's switches (Published, Featured, Active): a native checkbox with the switch role. */
export function SwitchField({ name, label, defaultChecked, description }: { name: string; label: string; defaultChecked?: boolean; description?: string }) {
  const id = `switch-${name}`;
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        aria-describedby={description ? `${id}-description` : undefined}
        className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border border-border bg-surface-2 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-[18px] before:rounded-full before:bg-muted before:transition-transform checked:border-primary checked:bg-primary checked:before:translate-x-5 checked:before:bg-white"
      />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium">
        {label}
      </label>
      {description ? (
        <span id={`${id}-description`} className="text-xs text-muted">
          {description}
        </span>
      ) : null}
    </div>
  );
}
