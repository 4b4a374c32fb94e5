import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { comparisonFrameCopy as copy, type ComparisonMetricCopy } from "~/content/comparison";
import { formatMetric } from "~/lib/comparison";
import { cn } from "~/lib/cn";

/**
 * The parts of the Before & After frame (comparison-section.tsx): the cells of its shared grid,
 * each showing the side of the divider its centre is on, their measuring, the badges and the
 * editable Before figures.
 */

export type Side = "before" | "after";
/** Where an element sits across the frame, in percent of its width. */
type Span = { left: number; right: number };

export const circleClass =
  "flex size-[4.5rem] items-center justify-center rounded-full border-2 px-1 text-center text-sm font-bold sm:size-24 sm:text-base lg:size-28 lg:text-lg";

/**
 * Measures each cell (`data-pair`) and badge across the frame, again whenever the frame or a cell
 * changes size. Until then (server HTML, no script) every cell counts as centred.
 */
export function useSpans(frameRef: RefObject<HTMLDivElement | null>) {
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
export function Pair({ name, side, before, after, className }: { name: string; side: Side; before: ReactNode; after: ReactNode; className?: string }) {
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
export function Story({ story }: { story: { headline: string; subhead: string } }) {
  return (
    <>
      <h3 className="text-2xl font-bold text-balance sm:text-3xl">{story.headline}</h3>
      <p className="mt-2 max-w-md text-sm text-pretty text-foreground/80 sm:text-base">{story.subhead}</p>
    </>
  );
}

/** One metric of one side: its figure (a circle), label and caption; a row on phones, a column from 768 px. */
export function Metric({ metric, children }: { metric: ComparisonMetricCopy; children: ReactNode }) {
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

/** A side's badge ("Before", "After") in the frame's top corner; hidden while the divider crosses it. */
export function Badge({ side, shown, className }: { side: Side; shown: boolean; className?: string }) {
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
      {copy.badges[side]}
    </span>
  );
}

/** A Before figure: a circle that turns into a text input when clicked; Enter, Escape or leaving it ends the edit. */
export function EditableMetric({ metric, value, onChange }: { metric: ComparisonMetricCopy; value: string; onChange: (value: string) => void }) {
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
