import { ArrowRight } from "lucide-react";
import { comparisonFrameCopy as copy, type ComparisonMetricCopy } from "~/content/comparison";
import { formatMetric, type ComparisonFigures, type ComparisonKey } from "~/lib/comparison";
import { cn } from "~/lib/cn";
import { headlineFigure, type ComparisonCaseStudy } from "~/lib/closest-case-study";

/** "17 hours to 2 hours a week": one metric's story in a line, as an edit announces it. */
export function readoutLine({ key, unit }: ComparisonMetricCopy, before: ComparisonFigures, after: ComparisonFigures) {
  return `${formatMetric(before[key], unit)} to ${formatMetric(after[key], unit)} ${copy.readoutSuffix[key]}`;
}

/**
 * Under the Before & After figures, across both sides: each metric as Before → After (an arrow
 * drawn as an icon, read as "to": the page's font has no "→", see app/lib/case-study.ts), so the
 * frame tells its story wherever the divider rests (it starts at 80 %, over the After side) and
 * an edited Before figure answers at once with its new After. The last edit is announced politely.
 * `metrics` carry the labels as edited.
 */
export function ComparisonReadout({
  before,
  after,
  changed,
  metrics,
}: {
  before: ComparisonFigures;
  after: ComparisonFigures;
  changed: ComparisonKey | null;
  metrics: ComparisonMetricCopy[];
}) {
  return (
    <>
      <ul aria-label={copy.readoutLabel} className="mt-6 grid gap-2 border-t border-white/15 pt-5 sm:mt-8 md:grid-cols-3 md:gap-6">
        {metrics.map((metric) => (
          <li
            key={metric.key}
            data-changed={changed === metric.key ? "true" : "false"}
            className={cn(
              "-mx-2 rounded-lg px-2 py-1 text-sm transition-colors md:-mx-3 md:px-3 md:py-2",
              changed === metric.key && "bg-background/60 ring-1 ring-cyan-300/50",
            )}
          >
            <span className="block text-xs text-foreground/75">{metric.label}</span>
            <span className="text-base font-semibold tabular-nums">
              <span className="text-red-200">{formatMetric(before[metric.key], metric.unit)}</span>
              <ArrowRight className="mx-1 inline-block size-4 align-[-0.15em]" />
              <span className="sr-only"> to </span>
              <span className="text-cyan-200">{formatMetric(after[metric.key], metric.unit)}</span>
            </span>{" "}
            <span className="text-foreground/75">{copy.readoutSuffix[metric.key]}</span>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="sr-only">
        {metrics
          .filter((m) => m.key === changed)
          .map((m) => `${m.label}: ${readoutLine(m, before, after)}`)
          .join("")}
      </p>
    </>
  );
}

/**
 * Under the readout: the published case study closest to the Before figures (app/lib/closest-case-study.ts),
 * "A firm like yours went from 22 h to 3 h a week.", with a link to it. Server-rendered for the
 * default figures, so it reads without JavaScript; nothing when no case study is published.
 */
export function ClosestCaseStudy({ study }: { study: ComparisonCaseStudy | null }) {
  const figure = study ? headlineFigure(study) : null;
  if (!study || !figure) return null;
  return (
    <p data-testid="comparison-case-study" data-slug={study.slug} className="mt-5 text-center text-sm text-foreground/85 sm:text-base">
      <span className="font-semibold text-foreground">
        {copy.closestCase.lead} {figure}.
      </span>{" "}
      <span className="text-foreground/75">{study.client}:</span>{" "}
      <a href={`/case-studies/${study.slug}`} className="font-medium text-cyan-200 underline underline-offset-4 hover:text-cyan-100">
        {copy.closestCase.link}: {study.title}
      </a>
    </p>
  );
}
