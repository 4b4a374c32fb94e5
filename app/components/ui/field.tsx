import { useId } from "react";
import { cn } from "~/lib/cn";

const control =
  "w-full rounded-xl border border-border bg-background px-4 py-3 text-base text-foreground placeholder:text-muted/70 focus:border-primary focus-visible:outline-2 aria-[invalid=true]:border-red-400";

/** A labelled input or textarea with its error message tied to it (aria-describedby). */
export function Field({
  name,
  label,
  type = "text",
  multiline,
  placeholder,
  autoComplete,
  error,
  required = true,
  className,
}: {
  name: string;
  label: string;
  type?: string;
  multiline?: boolean;
  placeholder?: string;
  autoComplete?: string;
  error?: string;
  required?: boolean;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    placeholder,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <div className={cn("grid gap-2", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? <textarea rows={4} className={control} {...shared} /> : <input type={type} autoComplete={autoComplete} className={control} {...shared} />}
      {error ? (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
