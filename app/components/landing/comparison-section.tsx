import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { ChevronsLeftRight } from "lucide-react";
import { comparisonFrameCopy as copy, COMPARISON_INITIAL_SPLIT, COMPARISON_KEY_STEP } from "~/content/comparison";
import { afterFigures, clampPercent, formatMetric, type ComparisonFigures, type ComparisonKey } from "~/lib/comparison";
import type { ComparisonProps } from "~/lib/landing-sections/comparison";
import { setComparisonFigures, setShownCaseStudy } from "~/lib/browser/audit-request-store";
import { closestCaseStudy, type ComparisonCaseStudy } from "~/lib/closest-case-study";
import { cn } from "~/lib/cn";
import { Badge, circleClass, EditableMetric, Metric, Pair, Story, useSpans, type Side } from "./comparison-cells";
import { ClosestCaseStudy, ComparisonReadout } from "./comparison-readout";

/**
 * Before & After, the comparison section's island (the section, its heading and the featured case
 * studies under the frame are server HTML: landing-page.tsx): a draggable divider (starts at 80%,
 * mouse, touch and arrow keys, clamped to 0-100) splits the frame's two backgrounds. Both sides share one grid: the story and each metric
 * have their Before and After versions in the same cell, and a cell shows the side its centre is
 * on, so a metric changes in place as the divider passes it and no text is ever cut by the divider
 * or drawn over the other side's text. Before figures are editable; After is recomputed on every
 * edit. Under them, across both sides, the readout gives each metric as Before → After wherever the
 * divider rests, and answers each edit (comparison-readout.tsx), and links the published case study
 * closest to the Before figures, which the audit request then records. Its texts, starting figures
 * and rules are the landing content's (`comparison`, edited at /admin/site), given as props.
 */
export function ComparisonFrame({ caseStudies = [], comparison }: { caseStudies?: ComparisonCaseStudy[]; comparison: ComparisonProps }) {
  const { rules, metrics } = comparison;
  const [position, setPosition] = useState<number>(COMPARISON_INITIAL_SPLIT);
  const [dragging, setDragging] = useState(false);
  const [before, setBefore] = useState<ComparisonFigures>(comparison.before);
  const [edited, setEdited] = useState(false);
  /** The figure edited last: its readout line is marked and announced. */
  const [changed, setChanged] = useState<ComparisonKey | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const spans = useSpans(frameRef);
  const after = edited ? afterFigures(before, rules) : comparison.after;
  const closest = closestCaseStudy(before, caseStudies);
  const closestSlug = closest?.slug ?? null;

  useEffect(() => setShownCaseStudy(closestSlug), [closestSlug]);

  useEffect(() => {
    if (!edited) return;
    const after = afterFigures(before, rules);
    const lines = metrics.before.map((m) => `${m.label}: ${formatMetric(before[m.key], m.unit)} to ${formatMetric(after[m.key], m.unit)}`);
    setComparisonFigures({ before, after, lines });
  }, [edited, before, rules, metrics]);

  /** The side a cell shows: Before once the divider is past its centre (the centre is 50% until measured). */
  function sideOf(key: string): Side {
    const span = spans[key];
    return position > (span ? (span.left + span.right) / 2 : 50) ? "before" : "after";
  }

  function moveTo(clientX: number) {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clampPercent(((clientX - rect.left) / rect.width) * 100));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    setDragging(true);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragging) moveTo(event.clientX);
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setDragging(false);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? COMPARISON_KEY_STEP * 5 : COMPARISON_KEY_STEP;
    const next =
      event.key === "ArrowLeft" || event.key === "ArrowDown"
        ? position - step
        : event.key === "ArrowRight" || event.key === "ArrowUp"
          ? position + step
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? 100
              : event.key === "PageDown"
                ? position - 10
                : event.key === "PageUp"
                  ? position + 10
                  : null;
    if (next === null) return;
    event.preventDefault();
    setPosition(clampPercent(next));
  }

  function edit(key: ComparisonKey, value: string) {
    setBefore((b) => ({ ...b, [key]: value }));
    setEdited(true);
    setChanged(key);
  }

  // A side's badge shows only while it fits wholly on its side of the divider.
  const badges: Record<Side, boolean> = {
    before: position >= (spans["badge-before"]?.right ?? 0),
    after: position <= (spans["badge-after"]?.left ?? 100),
  };

  return (
    <>
      <div
        ref={frameRef}
        data-testid="comparison"
        data-position={position.toFixed(1)}
        className="relative isolate select-none overflow-hidden rounded-3xl border border-border"
      >
        <div
          aria-hidden="true"
          data-testid="comparison-before-area"
          className="absolute inset-0 -z-10 bg-gradient-to-br from-[#2a1418] to-[#140d16]"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        />
        <div
          aria-hidden="true"
          data-testid="comparison-after-area"
          className="absolute inset-0 -z-10 bg-gradient-to-br from-[#0c2326] to-[#0d1020]"
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        />
        {/* The divider line is drawn under the texts, so it never hides a letter. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 -z-10 w-0.5 -translate-x-1/2 bg-white/80 shadow-[0_0_16px_rgba(255,255,255,0.6)]"
          style={{ left: `${position}%` }}
        />
        <Badge side="before" shown={badges.before} className="left-2 sm:left-10" />
        <Badge side="after" shown={badges.after} className="right-2 sm:right-10" />

        <div className="grid px-5 pt-14 pb-20 sm:px-10 sm:pt-16 sm:pb-24">
          <Pair name="story" side={sideOf("story")} before={<Story story={comparison.story.before} />} after={<Story story={comparison.story.after} />} />
          <ul className="mt-6 grid gap-5 sm:mt-8 md:grid-cols-3 md:gap-6">
            {metrics.before.map((metric, i) => (
              <li key={metric.key}>
                <Pair
                  name={`metric-${metric.key}`}
                  side={sideOf(`metric-${metric.key}`)}
                  before={
                    <Metric metric={metric}>
                      <EditableMetric metric={metric} value={before[metric.key]} onChange={(v) => edit(metric.key, v)} />
                    </Metric>
                  }
                  after={
                    <Metric metric={metrics.after[i]!}>
                      <span className={cn(circleClass, "border-cyan-300/60 bg-cyan-400/10")}>
                        <span className="sr-only">After: </span>
                        <span data-testid={`after-${metric.key}`}>{formatMetric(after[metric.key], metric.unit)}</span>
                      </span>
                    </Metric>
                  }
                />
              </li>
            ))}
          </ul>
          <ComparisonReadout before={before} after={after} changed={changed} metrics={metrics.before} />
        </div>

        {/* The handle rides in the frame's bottom margin, under every text and badge, and stays whole at 0 and 100%. */}
        <div
          role="slider"
          tabIndex={0}
          aria-label={copy.sliderLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${Math.round(position)}% Before`}
          aria-orientation="horizontal"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-dragging={dragging ? "true" : "false"}
          style={{ left: `clamp(1.375rem, ${position}%, calc(100% - 1.375rem))` }}
          className={cn(
            "absolute bottom-4 flex size-11 -translate-x-1/2 touch-none items-center justify-center rounded-full border-2 border-white bg-background text-white shadow-lg sm:bottom-6",
            dragging ? "cursor-grabbing" : "cursor-grab",
          )}
        >
          <ChevronsLeftRight aria-hidden="true" className="size-5" />
        </div>
      </div>
      {/* After the frame, so the keyboard reaches it after the divider: from the divider, Shift+Tab goes back to the figures. */}
      <ClosestCaseStudy study={closest} />
      <p className="mt-4 text-center text-sm text-muted">{comparison.footnote}</p>
    </>
  );
}
