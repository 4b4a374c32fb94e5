import type { ComponentProps, ReactNode } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

/**
 * The one field system: a label, the control, an optional hint and the error, tied together by
 * ids and aria-describedby. Two sizes: `md`, the compact back-office look, and `lg`, the roomier
 * look of the public forms.
 */
const fieldVariants = cva("grid", {
  variants: { size: { md: "gap-1.5", lg: "gap-2" } },
  defaultVariants: { size: "md" },
});

const controlVariants = cva(
  "w-full border border-border bg-background text-foreground focus-visible:border-primary focus-visible:outline-2 aria-[invalid=true]:border-red-400",
  {
    variants: {
      size: {
        md: "rounded-lg px-3 py-2 text-sm placeholder:text-muted/80",
        lg: "rounded-xl px-4 py-3 text-base placeholder:text-muted/70",
      },
      multiline: { true: "", false: "" },
    },
    compoundVariants: [{ size: "md", multiline: true, class: "leading-relaxed" }],
    defaultVariants: { size: "md", multiline: false },
  },
);

export type FieldSize = NonNullable<VariantProps<typeof fieldVariants>["size"]>;

/** The look of a text input or textarea, for controls laid out by hand; the caller's className wins. */
export function controlClass({ size, multiline, className }: VariantProps<typeof controlVariants> & { className?: string } = {}) {
  return cn(controlVariants({ size, multiline }), className);
}

/**
 * A field's label. The required mark sits beside the label, not in it, and is hidden from
 * assistive technology: the label text and the control's accessible name stay exactly the label
 * ('Name', not 'Name*').
 */
export function Label({ htmlFor, children, required, className }: { htmlFor: string; children: ReactNode; required?: boolean; className?: string }) {
  return (
    <div className={cn("flex items-baseline gap-0.5 text-sm font-medium", className)}>
      <label htmlFor={htmlFor}>{children}</label>
      {required ? (
        <span aria-hidden="true" className="text-red-400">
          *
        </span>
      ) : null}
    </div>
  );
}

/** A field's error message; renders nothing without one. Its id is what the control's aria-describedby names. */
export function FieldError({ id, children, className }: { id: string; children?: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p id={id} className={cn("text-sm text-red-300", className)}>
      {children}
    </p>
  );
}

type Common = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The wrapper's classes (grid placement, spacing). */
  className?: string;
  size?: FieldSize;
  /** Whether a required field shows the '*' mark beside its label (default: yes). */
  requiredMark?: boolean;
};

export type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/**
 * Label, hint and error around one control; `children` gets the id, name and aria attributes
 * that tie them together. The id is `field-<name>` unless given.
 */
export function Field({
  name,
  label,
  error,
  hint,
  className,
  size,
  id,
  required,
  requiredMark = true,
  children,
}: Common & { id?: string; required?: boolean; children: (control: ControlProps) => ReactNode }) {
  const fieldId = id ?? `field-${name}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  return (
    <div className={cn(fieldVariants({ size }), className)}>
      <Label htmlFor={fieldId} required={required && requiredMark}>
        {label}
      </Label>
      {children({
        id: fieldId,
        name,
        required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** Splits a field component's props into the wrapper's (label, error, ids) and the control's own. */
function splitProps<P extends Common & { id?: string; required?: boolean }>({
  name,
  label,
  error,
  hint,
  className,
  size,
  requiredMark,
  id,
  required,
  ...control
}: P) {
  return { field: { name, label, error, hint, className, size, requiredMark, id, required }, control };
}

/** A labelled input with its error announced through aria-describedby. */
export function TextField(props: Common & Omit<ComponentProps<"input">, "name" | "size">) {
  const { field, control } = splitProps(props);
  return <Field {...field}>{(tie) => <input {...tie} className={controlClass({ size: field.size })} {...control} />}</Field>;
}

/** A labelled textarea with its error announced through aria-describedby. */
export function TextAreaField(props: Common & Omit<ComponentProps<"textarea">, "name">) {
  const { field, control } = splitProps(props);
  return <Field {...field}>{(tie) => <textarea {...tie} className={controlClass({ size: field.size, multiline: true })} {...control} />}</Field>;
}
