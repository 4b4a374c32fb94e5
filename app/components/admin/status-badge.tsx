import type { ReactNode } from "react";
import { cva } from "class-variance-authority";

const statusBadge = cva("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium", {
  variants: {
    on: {
      true: "border-emerald-400/40 bg-emerald-400/10 text-emerald-300",
      false: "border-border bg-surface-2 text-muted",
    },
  },
});

/** A record's state as a pill: green when on (published, active, handled…), muted when off. */
export function StatusBadge({ on, children }: { on: boolean; children: ReactNode }) {
  return <span className={statusBadge({ on })}>{children}</span>;
}
