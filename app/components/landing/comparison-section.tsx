import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { GripVertical } from "lucide-react";
import { comparisonCopy as copy, COMPARISON_INITIAL_SPLIT, COMPARISON_KEY_STEP, type ComparisonMetricCopy } from "~/content/comparison";
import { afterFigures, clampPercent, formatMetric, type ComparisonFigures, type ComparisonKey } from "~/lib/comparison";
import { setComparisonFigures } from "~/lib/audit-request-store";
import { cn } from "~/lib/cn";
import { LandingSection } from "./section-heading";

/**
 * Before & After: a draggable divider (starts at 80%, mouse, touch and arrow keys, clamped to
 * 0-100) over Before and After. Before figures are editable; After is recomputed on every edit.
 */
export function ComparisonSection() {
  const [position, setPosition] = useState<number>(COMPARISON_INITIAL_SPLIT);
  const [dragging, setDragging] = useState(false);
  const [before, setBefore] = useState<ComparisonFigures>(copy.before.values);
  const [edited, setEdited] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const after = edited ? afterFigures(before) : copy.after.values;

  useEffect(() => {
    if (!edited) return;
    const after = afterFigures(before);
    const lines = copy.before.metrics.map((m) => `${m.label}: ${formatMetric(before[m.key], m.unit)} → ${formatMetric(after[m.key], m.unit)}`);
    setComparisonFigures({ before, after, lines });
  }, [edited, before]);

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

  return (
    <LandingSection name="comparison" width="6xl" pill={copy.pill} title={copy.title} intro={copy.intro}>
      <div
        ref={frameRef}
        data-testid="comparison"
        data-position={position.toFixed(1)}
        className="relative grid select-none overflow-hidden rounded-3xl border border-border"
      >
        <Side side="after" values={after} className="[grid-area:1/1]" />
        <div className="[grid-area:1/1]" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }} data-testid="comparison-before">
          <Side side="before" values={before} onEdit={edit} />
        </div>
        <div
          className="pointer-events-none absolute inset-y-0 z-10 w-0.5 -translate-x-1/2 bg-white/80 shadow-[0_0_16px_rgba(255,255,255,0.6)]"
          style={{ left: `${position}%` }}
        >
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
            className={cn(
              "pointer-events-auto absolute top-9 left-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 touch-none sm:top-[3.25rem] items-center justify-center rounded-full border-2 border-white bg-background text-white shadow-lg",
              dragging ? "cursor-grabbing" : "cursor-grab",
            )}
          >
            <GripVertical aria-hidden="true" className="size-5" />
          </div>
        </div>
      </div>
      <p className="mt-4 text-center text-sm text-muted">{copy.footnote}</p>
    </LandingSection>
  );
}

function Side({
  side,
  values,
  onEdit,
  className,
}: {
  side: "before" | "after";
  values: ComparisonFigures;
  onEdit?: (key: ComparisonKey, value: string) => void;
  className?: string;
}) {
  const content = copy[side];
  const isBefore = side === "before";
  return (
    <div
      className={cn(
        "h-full p-6 sm:p-10",
        isBefore ? "bg-gradient-to-br from-[#2a1418] to-[#140d16]" : "bg-gradient-to-br from-[#0c2326] to-[#0d1020] text-right",
        className,
      )}
    >
      <span
        className={cn(
          "inline-block rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase",
          isBefore ? "bg-red-500/20 text-red-200" : "bg-cyan-400/20 text-cyan-100",
        )}
      >
        {content.titleBadge}
      </span>
      <h3 className="mt-4 text-2xl font-bold sm:text-3xl">{content.headline}</h3>
      <p className={cn("mt-2 max-w-md text-sm text-foreground/80 sm:text-base", !isBefore && "ml-auto")}>{content.subhead}</p>
      {/* On phones the Before figures keep left of the divider's starting 80 % (pr-10), so each stays tappable. */}
      <ul className={cn("mt-8 grid grid-cols-3 gap-3 sm:gap-6", isBefore ? "justify-items-start pr-10 sm:pr-0" : "justify-items-end")}>
        {content.metrics.map((metric) => (
          <li key={metric.key} className={cn("flex flex-col gap-2", isBefore ? "items-start text-left" : "items-end text-right")}>
            {onEdit ? (
              <EditableMetric metric={metric} value={values[metric.key]} onChange={(v) => onEdit(metric.key, v)} />
            ) : (
              <span
                data-testid={`after-${metric.key}`}
                className="flex size-[4.5rem] items-center justify-center rounded-full border-2 border-cyan-300/60 bg-cyan-400/10 px-1 text-center text-sm font-bold sm:size-28 sm:text-lg"
              >
                {formatMetric(values[metric.key], metric.unit)}
              </span>
            )}
            <span className="text-xs font-semibold sm:text-sm">{metric.label}</span>
            <span className="text-xs text-foreground/70">{metric.caption}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EditableMetric({ metric, value, onChange }: { metric: ComparisonMetricCopy; value: string; onChange: (value: string) => void }) {
  const [editing, setEditing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // The input replaces the circle the visitor just clicked: typing goes straight into it.
  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);
  const circle =
    "flex size-[4.5rem] items-center justify-center rounded-full border-2 border-red-300/60 bg-red-500/10 px-1 text-center text-sm font-bold sm:size-28 sm:text-lg";
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
