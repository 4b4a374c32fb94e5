import { cn } from "~/lib/cn";

/**
 * An on/off setting: a native checkbox with the switch role (so it posts `name=on` when on and
 * works without JavaScript), its visible label and an optional description. The id is
 * `switch-<name>`.
 */
export function Switch({
  name,
  label,
  defaultChecked,
  description,
  className,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  description?: string;
  className?: string;
}) {
  const id = `switch-${name}`;
  const descriptionId = `${id}-description`;
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        aria-describedby={description ? descriptionId : undefined}
        className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border border-border bg-surface-2 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-[18px] before:rounded-full before:bg-muted before:transition-transform checked:border-primary checked:bg-primary checked:before:translate-x-5 checked:before:bg-white"
      />
      <label htmlFor={id} className="cursor-pointer text-sm font-medium">
        {label}
      </label>
      {description ? (
        <span id={descriptionId} className="text-xs text-muted">
          {description}
        </span>
      ) : null}
    </div>
  );
}
