import { formatCount, formatRate } from "./format";

export type FunnelStepView = { label: string; visitors: number };

/**
 * The steps from a visit to a booked call, each with its visitors, a bar against the first step
 * and how many of the previous step's visitors did not go on (the drop).
 */
export function Funnel({ steps }: { steps: FunnelStepView[] }) {
  const top = steps[0]?.visitors ?? 0;
  return (
    <ol className="space-y-4">
      {steps.map((step, i) => {
        const before = i > 0 ? steps[i - 1]!.visitors : null;
        const width = top > 0 ? Math.max(0, Math.min(100, (step.visitors / top) * 100)) : 0;
        return (
          <li key={step.label}>
            <div className="flex items-baseline justify-between gap-4 text-sm">
              <span className="font-medium">
                <span className="mr-2 text-muted">{i + 1}.</span>
                {step.label}
              </span>
              <span className="shrink-0">
                <span className="font-semibold tabular-nums">{formatCount(step.visitors)}</span>
                <span className="text-muted"> {step.visitors === 1 ? "visitor" : "visitors"}</span>
              </span>
            </div>
            <div aria-hidden="true" className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-surface-2">
              <div className="h-full rounded-full bg-primary" style={{ width: `${width}%` }} />
            </div>
            {before !== null ? <p className="mt-1 text-xs text-muted">{dropText(before, step.visitors)}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** "62.5% drop from the step before"; '—' when the step before had nobody. */
function dropText(before: number, after: number) {
  if (before === 0) return "Drop: —";
  if (after >= before) return "No drop from the step before";
  return `${formatRate(before - after, before)} drop from the step before`;
}
