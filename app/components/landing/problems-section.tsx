import { useEffect, useRef, useState } from "react";
import { Pause, Play } from "lucide-react";
import { problems as shipped } from "~/content/landing";
import type { PainPointRow, ProblemsProps } from "~/lib/landing-sections/problems";
import { PAIN_POINTS_SCROLL as S } from "~/content/motion";
import { prefersReducedMotion } from "~/lib/browser/motion";
import { Reveal } from "~/components/ui/reveal";
import { Avatar } from "~/components/ui/avatar";
import { cn } from "~/lib/cn";
import { drawnWhenNear, Pill, SECTION_SPACING } from "./section-heading";

const CENTRE = Math.floor(S.visibleRows / 2);

/**
 * Problems: pain-point quotes scrolling upwards at 56 px/s, rows at least 56 px and as tall as
 * their whole quote (never cut), a window of five such rows, the centred one highlighted.
 * Pauses on hover, focus or its pause button; still for reduced motion. Its texts and quotes are
 * the landing content's (`problems`, edited at /admin/site), given as the island's props; a quote
 * with an uploaded photo shows it (its `<img>` attributes made on the server, `problemsProps`),
 * else the avatar generated from the name.
 */
export function ProblemsSection({ problems }: { problems: ProblemsProps }) {
  const { messages } = problems;
  const trackRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(CENTRE % Math.max(1, messages.length));
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [running, setRunning] = useState(false);
  const stopped = paused || hovered;

  const [onScreen, setOnScreen] = useState(false);
  const sectionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sectionRef.current;
    if (!el || messages.length === 0 || prefersReducedMotion()) return;
    setRunning(true);
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [messages.length]);

  // Scrolls only while on screen and not paused. Rows are as tall as their quote, so the loop
  // length and the centred row come from the rows' measured heights.
  useEffect(() => {
    const track = trackRef.current;
    const list = listRef.current;
    if (!track || !list || !running || !onScreen || stopped) return;
    let loop = 0;
    let middle = 0;
    let centres: number[] = [];
    const measure = () => {
      loop = list.offsetHeight;
      middle = (track.parentElement?.clientHeight ?? 0) / 2;
      centres = Array.from(list.children, (row) => (row as HTMLElement).offsetTop - list.offsetTop + (row as HTMLElement).offsetHeight / 2);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    let offset = Number(track.dataset.offset ?? 0);
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      offset = loop > 0 ? (offset + ((now - last) / 1000) * S.pixelsPerSecond) % loop : 0;
      last = now;
      track.dataset.offset = String(offset);
      track.style.transform = `translate3d(0, ${-offset}px, 0)`;
      setActive(nearestRow(centres, loop > 0 ? (offset + middle) % loop : 0, loop));
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [messages.length, running, onScreen, stopped]);

  // The copy that closes the loop is a list of its own, so each list's rows are keyed by position alone.
  const row = (m: PainPointRow, i: number) => (
    <li
      key={i}
      data-active={i === active ? "true" : undefined}
      style={{ minHeight: S.rowHeight }}
      className={cn(
        "flex items-center gap-3 rounded-xl px-3 py-2 transition-[background-color,opacity,transform] duration-300",
        i === active ? "scale-[1.02] bg-surface-2 ring-1 ring-primary/50 [&_p:first-child]:text-foreground" : "[&_p:first-child]:text-muted",
      )}
    >
      {m.photo ? <img alt="" {...m.photo} /> : <Avatar name={m.name} className="size-9" />}
      <div className="min-w-0">
        <p className="text-sm text-pretty">“{m.text}”</p>
        <p className="text-xs text-muted">{m.name}</p>
      </div>
    </li>
  );

  return (
    <section aria-labelledby="problems-title" {...drawnWhenNear(SECTION_SPACING)}>
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-5 sm:px-8 lg:grid-cols-2">
        <Reveal>
          <Pill>{problems.pill}</Pill>
          <h2 id="problems-title" className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {problems.title}
          </h2>
          <p className="mt-4 text-muted sm:text-lg">{problems.intro}</p>
        </Reveal>
        <div ref={sectionRef} className="relative" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
          <div
            className="relative overflow-hidden rounded-3xl border border-border bg-surface/60 px-3 [mask-image:linear-gradient(to_bottom,transparent,black_18%,black_82%,transparent)]"
            style={{ height: S.rowHeight * S.visibleRows }}
          >
            <div ref={trackRef} data-testid="problems-track" className="will-change-transform">
              <ul ref={listRef} aria-label={shipped.listLabel}>
                {messages.map(row)}
              </ul>
              <ul aria-hidden="true">{running ? messages.map(row) : null}</ul>
            </div>
          </div>
          {running ? (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              className="absolute -bottom-12 right-0 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-xs text-muted hover:text-foreground"
            >
              {paused ? <Play aria-hidden="true" className="size-3.5" /> : <Pause aria-hidden="true" className="size-3.5" />}
              {paused ? "Resume scrolling" : "Pause scrolling"}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The row whose centre is nearest `at` on a loop `loop` pixels long. */
function nearestRow(centres: number[], at: number, loop: number) {
  let best = 0;
  let bestDistance = Infinity;
  centres.forEach((centre, i) => {
    const distance = Math.abs(centre - at);
    const around = Math.min(distance, loop - distance);
    if (around < bestDistance) {
      bestDistance = around;
      best = i;
    }
  });
  return best;
}
