import { useEffect, useRef } from "react";
import { DOT_GRID } from "~/content/motion";
import { ArrowRight } from "lucide-react";
import type { LandingContent } from "~/lib/landing-content";
import { buttonClass } from "~/components/ui/button";
import { AuditRequestButton } from "./audit-request";
import { startDotGridOnPointer } from "./hero-backdrop";

const CELL = DOT_GRID.dotSize + DOT_GRID.gap;
/** One grid cell as a tiny SVG image: cheaper to paint than a repeated CSS gradient. */
const DOT_TILE = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${CELL}"><circle cx="${CELL / 2}" cy="${CELL / 2}" r="${DOT_GRID.dotSize / 2}" fill="#2d2b4a"/></svg>`,
)}`;

/**
 * The landing page's opening section. The heading paints from the server HTML (the LCP element); the dot grid is
 * absolutely positioned (no layout shift): CSS dots at first, the interactive canvas on first use, started by
 * plain page code (./hero-backdrop.ts, docs/decisions/0076). Only the audit button is an island
 * (docs/decisions/0027). Its words are the
 * landing content (app/lib/landing-content.ts), edited at /admin/site.
 */
export function HeroSection({ hero }: { hero: LandingContent["hero"] }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden pt-32 pb-20 sm:pt-40 lg:min-h-[92svh] lg:pt-44">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--color-primary)_28%,transparent),transparent_60%)]"
      />
      <HeroBackdrop />
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-b from-transparent to-background" />
      <div className="mx-auto max-w-5xl px-5 text-center sm:px-8">
        <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-4 py-1.5 text-sm text-muted">
          <span className="size-2 rounded-full bg-accent shadow-[0_0_12px_var(--color-accent)]" aria-hidden="true" />
          {hero.pill}
        </p>
        <h1
          id="hero-title"
          className="bg-gradient-to-b from-white to-white/70 bg-clip-text text-5xl leading-[1.05] font-extrabold tracking-tight text-balance text-transparent sm:text-7xl lg:text-8xl"
        >
          {hero.headline}
        </h1>
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-3" aria-label="What we build with">
          {hero.pills.map((pill) => (
            <li key={pill} className="rounded-full border border-border bg-surface px-4 py-1.5 text-sm font-medium text-foreground/90">
              {pill}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-2xl text-base text-pretty text-muted sm:text-lg">{hero.lead}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <AuditRequestButton source="hero" className={buttonClass({ size: "lg" })}>
            {hero.cta}
          </AuditRequestButton>
          <a href="#services" className={buttonClass({ size: "lg", variant: "outline" })} data-cta="hero-services">
            {hero.secondary}
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </div>
      </div>
    </section>
  );
}

/**
 * The static CSS dots, then (on the first pointer move, unless reduced motion) the interactive canvas. Not an
 * island: on a public page its server HTML is never hydrated and the page's behaviours start the canvas
 * (`data-dot-grid`); in a client render (the back-office's preview) the effect does.
 */
function HeroBackdrop() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => (canvasRef.current ? startDotGridOnPointer(canvasRef.current) : undefined), []);
  return (
    <>
      <div
        aria-hidden="true"
        data-dot-tile=""
        className="pointer-events-none absolute inset-0 -z-10 transition-opacity duration-500"
        style={{ backgroundImage: `url("${DOT_TILE}")`, backgroundSize: `${CELL}px ${CELL}px`, backgroundPosition: "center" }}
      />
      <canvas ref={canvasRef} aria-hidden="true" data-dot-grid="" data-testid="dot-grid" data-live="false" className="absolute inset-0 -z-10 h-full w-full" />
    </>
  );
}
