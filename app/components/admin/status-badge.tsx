import type { ReactNode } from "react";
import { cva } from "class-variance-authority";

const statusBadge = cva("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap", {
  variants: {
    tone: {
      on: "border-emerald-400/40 bg-emerald-400/10 text-emerald-300",
      off: "border-border bg-surface-2 text-muted",
      pending: "border-accent/40 bg-accent/10 text-accent",
    },
  },
});

/**
 * A record's state as a pill: green when on (published, active, handled…), muted when off, cyan
 * when pending (a scheduled post: on, but not yet).
 */
export function StatusBadge({ on, pending, children }: { on: boolean; pending?: boolean; children: ReactNode }) {
  return <span className={statusBadge({ tone: pending ? "pending" : on ? "on" : "off" })}>{children}</span>;
}
