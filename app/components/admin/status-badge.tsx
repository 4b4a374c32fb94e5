import { cn } from "~/lib/cn";

export function StatusBadge({ on, children }: { on: boolean; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium",
        on ? "border-emerald-400/40 bg-emerald-400/10 text-emerald-300" : "border-border bg-surface-2 text-muted",
      )}
    >
      {children}
    </span>
  );
}
