import { useEffect, useRef } from "react";
import { INTEGRATIONS_DIAGRAM as D } from "~/content/motion";
import { animateDiagram } from "~/lib/browser/scroll-motion";
import { Icon, toolIcon } from "./icons";

const LEFT_X = [70, 215, 360];
const RIGHT_X = [D.width - 360, D.width - 215, D.width - 70];
const TILE_Y = [52, 142, 52];
const CX = D.width / 2;
const CY = D.height / 2;

/**
 * The tools joined through one hub: from 1024 px a 1070×194 diagram, drawn (lines 3 s, tiles
 * breathing 4 s, icons 1.2 s) once 30% is visible; below that, where the diagram's tiles would
 * shrink to unreadable icons, a labelled grid of the same tools around the hub.
 */
export function IntegrationsDiagram({ label, hub, left, right }: { label: string; hub: string; left: string[]; right: string[] }) {
  return (
    <>
      <Diagram label={label} left={left} right={right} />
      <div className="rounded-3xl border border-border bg-surface/60 p-5 sm:p-6 lg:hidden">
        <p className="flex items-center justify-center gap-2 text-sm font-semibold text-violet-200">
          <Icon name="workflow" className="size-5" />
          {hub}
        </p>
        <ul aria-label={label} className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-6">
          {[...left, ...right].map((name) => (
            <li key={name} className="flex flex-col items-center gap-2 rounded-2xl border border-border bg-surface px-2 py-4 text-sm text-foreground/90">
              <Icon name={toolIcon(name)} className="size-6 text-accent" />
              {name}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function Diagram({ label, left, right }: { label: string; left: string[]; right: string[] }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => (ref.current ? animateDiagram(ref.current) : undefined), []);

  const tiles = [...left.map((name, i) => ({ name, x: LEFT_X[i]!, y: TILE_Y[i]! })), ...right.map((name, i) => ({ name, x: RIGHT_X[i]!, y: TILE_Y[i]! }))];
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;

  return (
    <div
      ref={ref}
      data-diagram=""
      role="img"
      aria-label={label}
      className="relative mx-auto hidden w-full max-w-[1070px] lg:block"
      style={{ aspectRatio: `${D.width} / ${D.height}` }}
    >
      <svg viewBox={`0 0 ${D.width} ${D.height}`} className="absolute inset-0 h-full w-full" aria-hidden="true">
        <defs>
          <linearGradient id="diagram-line" x1="0" x2="1">
            <stop offset="0" style={{ stopColor: "var(--color-accent)" }} />
            <stop offset="1" style={{ stopColor: "var(--color-primary)" }} />
          </linearGradient>
        </defs>
        {tiles.map((t) => {
          const fromX = t.x < CX ? CX - D.centre / 2 : CX + D.centre / 2;
          const midX = (fromX + t.x) / 2;
          return (
            <path
              key={t.name}
              data-line=""
              d={`M ${fromX} ${CY} C ${midX} ${CY}, ${midX} ${t.y}, ${t.x} ${t.y}`}
              pathLength={1}
              strokeDasharray="1"
              fill="none"
              stroke="url(#diagram-line)"
              strokeWidth={2}
              strokeLinecap="round"
              opacity={0.8}
            />
          );
        })}
      </svg>
      <div
        className="absolute flex items-center justify-center rounded-[22%] border border-primary/60 bg-surface-2 shadow-[0_0_40px_-8px_var(--color-primary)]"
        style={{ left: pct(CX - D.centre / 2, D.width), top: pct(CY - D.centre / 2, D.height), width: pct(D.centre, D.width), height: pct(D.centre, D.height) }}
      >
        <Icon name="workflow" className="size-[45%] text-violet-200" />
      </div>
      {tiles.map((t) => (
        <div
          key={t.name}
          data-tile=""
          className="absolute flex flex-col items-center justify-center gap-1 rounded-[24%] border border-border bg-surface text-accent"
          style={{ left: pct(t.x - D.tile / 2, D.width), top: pct(t.y - D.tile / 2, D.height), width: pct(D.tile, D.width), height: pct(D.tile, D.height) }}
        >
          <span data-icon="" className="flex size-[40%] items-center justify-center">
            <Icon name={toolIcon(t.name)} className="size-full" />
          </span>
          <span className="text-[11px] font-medium text-muted">{t.name}</span>
        </div>
      ))}
    </div>
  );
}
