import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from "react";
import { ChevronsLeftRight } from "lucide-react";
import { comparisonCopy as copy, COMPARISON_INITIAL_SPLIT, COMPARISON_KEY_STEP, type ComparisonMetricCopy } from "~/content/comparison";
import { afterFigures, clampPercent, formatMetric, type ComparisonFigures, type ComparisonKey } from "~/lib/comparison";
import { setComparisonFigures } from "~/lib/audit-request-store";
import { cn } from "~/lib/cn";
import { LandingSection } from "./section-heading";

type Side = "before" | "after";
/** Where an element sits across the frame, in percent of its width. */
type Span = { left: number; right: number };

/**
 * Before & After: a draggable divider (starts at 80%, mouse, touch and arrow keys, clamped to
 * 0-100) splits the frame's two backgrounds. Both sides share one grid: the story and each metric
 * have their Before and After versions in the same cell, and a cell shows the side its centre is
 * on, so a metric changes in place as the divider passes it and no text is ever cut by the divider
 * or drawn over the other side's text. Before figures are editable; After is recomputed on every edit.
 */
export function ComparisonSection() {
  const [position, setPosition] = useState<number>(COMPARISON_INITIAL_SPLIT);
  const [dragging, setDragging] = useState(false);
  const [before, setBefore] = useState<ComparisonFigures>(copy.before.values);
  const [edited, setEdited] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const spans = useSpans(frameRef);
  const after = edited ? afterFigures(before) : copy.after.values;

  useEffect(() => {
    if (!edited) return;
    const after = afterFigures(before);
    const lines = copy.before.metrics.map((m) => `${m.label}: ${formatMetric(before[m.key], m.unit)} → ${formatMetric(after[m.key], m.unit)}`);
    setComparisonFigures({ before, after, lines });
  }, [edited, before]);

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
  }

  // A side's badge shows only while it fits wholly on its side of the divider.
  const badges: Record<Side, boolean> = {
    before: position >= (spans["badge-before"]?.right ?? 0),
    after: position <= (spans["badge-after"]?.left ?? 100),
  };

  return (
    <LandingSection name="comparison" width="6xl" pill={copy.pill} title={copy.title} intro={copy.intro}>
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
          <Pair name="story" side={sideOf("story")} before={<Story side="before" />} after={<Story side="after" />} />
          <ul className="mt-6 grid gap-5 sm:mt-8 md:grid-cols-3 md:gap-6">
            {copy.before.metrics.map((metric, i) => (
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
                    <Metric metric={copy.after.metrics[i]!}>
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
      <p className="mt-4 text-center text-sm text-muted">{copy.footnote}</p>
    </LandingSection>
  );
}

const circleClass =
  "flex size-[4.5rem] items-center justify-center rounded-full border-2 px-1 text-center text-sm font-bold sm:size-24 sm:text-base lg:size-28 lg:text-lg";

/**
 * Measures each cell (`data-pair`) and badge across the frame, again whenever the frame or a cell
 * changes size. Until then (server HTML, no script) every cell counts as centred.
 */
function useSpans(frameRef: RefObject<HTMLDivElement | null>) {
  const [spans, setSpans] = useState<Record<string, Span>>({});
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measured = () => Array.from(frame.querySelectorAll<HTMLElement>("[data-pair]"));
    const measure = () => {
      const box = frame.getBoundingClientRect();
      if (box.width === 0) return;
      const percent = (x: number) => Math.round(((x - box.left) / box.width) * 1000) / 10;
      const next: Record<string, Span> = {};
      for (const el of measured()) {
        const rect = el.getBoundingClientRect();
        next[el.dataset.pair!] = { left: percent(rect.left), right: percent(rect.right) };
      }
      setSpans((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    for (const el of measured()) observer.observe(el);
    return () => observer.disconnect();
  }, [frameRef]);
  return spans;
}

/**
 * One cell of the shared grid: the Before and After versions on top of each other, only the
 * shown side visible. Below 768 px every cell spans the frame, so the cells all turn at the middle
 * (a Before/After toggle driven by the divider); from 768 px each turns at its own centre. The
 * hidden version stays in the accessibility tree (a screen reader hears both sides); a hidden
 * Before figure shows while it has focus, so the keyboard edits what it sees.
 */
function Pair({ name, side, before, after, className }: { name: string; side: Side; before: ReactNode; after: ReactNode; className?: string }) {
  const hidden = "pointer-events-none opacity-0";
  return (
    <div data-pair={name} data-side={side} className={cn("group/pair grid w-full md:w-fit md:max-w-full", className)}>
      <div
        data-layer="before"
        className={cn("[grid-area:1/1]", side === "after" && cn(hidden, "group-focus-within/pair:pointer-events-auto group-focus-within/pair:opacity-100"))}
      >
        {before}
      </div>
      <div data-layer="after" className={cn("[grid-area:1/1]", side === "before" ? hidden : "group-focus-within/pair:opacity-0")}>
        {after}
      </div>
    </div>
  );
}

/** A side's headline and subhead. */
function Story({ side }: { side: Side }) {
  return (
    <>
      <h3 className="text-2xl font-bold text-balance sm:text-3xl">{copy[side].headline}</h3>
      <p className="mt-2 max-w-md text-sm text-pretty text-foreground/80 sm:text-base">{copy[side].subhead}</p>
    </>
  );
}

/** One metric of one side: its figure (a circle), label and caption; a row on phones, a column from 768 px. */
function Metric({ metric, children }: { metric: ComparisonMetricCopy; children: ReactNode }) {
  return (
    <div className="flex items-center gap-4 md:flex-col md:items-start md:gap-3">
      <div className="shrink-0">{children}</div>
      <div className="min-w-0">
        <p className="text-sm font-semibold">{metric.label}</p>
        <p className="mt-1 max-w-[16rem] text-xs text-foreground/70 sm:text-sm">{metric.caption}</p>
      </div>
    </div>
  );
}

function Badge({ side, shown, className }: { side: Side; shown: boolean; className?: string }) {
  return (
    <span
      data-pair={`badge-${side}`}
      data-layer={side}
      className={cn(
        "absolute top-4 rounded-full px-2 py-1 text-[11px] font-bold tracking-wide uppercase sm:top-6 sm:px-3 sm:text-xs",
        side === "before" ? "bg-red-500/20 text-red-200" : "bg-cyan-400/20 text-cyan-100",
        !shown && "opacity-0",
        className,
      )}
    >
      {copy[side].titleBadge}
    </span>
  );
}

function EditableMetric({ metric, value, onChange }: { metric: ComparisonMetricCopy; value: string; onChange: (value: string) => void }) {
  const [editing, setEditing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The input replaces the circle the visitor just clicked: typing goes straight into it.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);
  const circle = cn(circleClass, "border-red-300/60 bg-red-500/10");
  if (editing) {
    return (
      <input
        ref={inputRef}
        type="text"
        inputMode="decimal"
        value={value}
        aria-label={`Before ${metric.label} (${metric.unit})`}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setEditing(false)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === "Escape") e.currentTarget.blur();
        }}
        className={cn(circle, "bg-background text-foreground outline-none focus-visible:outline-2")}
      />
    );
  }
  return (
    <button type="button" onClick={() => setEditing(true)} className={cn(circle, "cursor-text transition-colors hover:bg-red-500/20")}>
      <span className="sr-only">Edit Before {metric.label}: </span>
      {formatMetric(value, metric.unit)}
    </button>
  );
}
