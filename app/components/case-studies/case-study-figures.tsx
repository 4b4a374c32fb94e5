import { ArrowRight } from "lucide-react";
import { cn } from "~/lib/cn";
import { figureSentence, type measuredFigures } from "~/lib/case-study";
import { caseStudyPage as copy } from "~/content/case-studies";

type Figure = ReturnType<typeof measuredFigures>[number];

/** How much smaller After is than Before, in whole percent (null when Before is 0 or After is not smaller). */
function reduction({ before, after }: Figure) {
  if (before <= 0 || after >= before) return null;
  return Math.round(((before - after) / before) * 100);
}

/**
 * A case study's results: each measured figure as its label, Before → After in the comparison's
 * units and how much it fell. Plain HTML (a description list), readable without JavaScript.
 */
export function CaseStudyFigures({ figures, className }: { figures: Figure[]; className?: string }) {
  if (figures.length === 0) return null;
  return (
    <dl className={cn("grid gap-4 sm:grid-cols-3", className)}>
      {figures.map((figure) => {
        const less = reduction(figure);
        return (
          <div key={figure.key} className="rounded-2xl border border-border bg-surface p-5">
            <dt className="text-sm font-medium text-muted">{figure.label}</dt>
            <dd className="mt-3">
              <span className="sr-only">{figureSentence(figure, "to")}</span>
              <span aria-hidden="true" className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="text-lg text-muted line-through decoration-1">{figure.beforeText}</span>
                <ArrowRight className="size-4 self-center text-primary-soft" />
                <span className="text-3xl font-bold tracking-tight text-foreground">{figure.afterText}</span>
              </span>
              <span aria-hidden="true" className="mt-1 block text-xs text-muted">
                {figure.key === "errorRate" ? "of records" : "a week"}
              </span>
            </dd>
            {less !== null ? (
              <dd className="mt-3 inline-flex rounded-full border border-primary/40 bg-primary/15 px-2.5 py-0.5 text-xs font-semibold text-primary-soft">
                {copy.change(less)}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}

/** The first measured figure in one line ("40 h → 5 h a week", the arrow an icon), for a card. */
export function HeadlineFigure({ figures }: { figures: Figure[] }) {
  const first = figures[0];
  if (!first) return null;
  return (
    <p className="text-sm text-muted">
      <span className="sr-only">{figureSentence(first, "to")}</span>
      <span aria-hidden="true">
        {first.label}: <span className="line-through decoration-1">{first.beforeText}</span> <ArrowRight className="inline-block size-3.5 align-[-0.15em]" />{" "}
        <strong className="font-semibold text-foreground">{first.afterText}</strong> {first.key === "errorRate" ? "of records" : "a week"}
      </span>
    </p>
  );
}
