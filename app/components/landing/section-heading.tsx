import type { ReactNode } from "react";
import { Reveal } from "~/components/ui/reveal";
import { cn } from "~/lib/cn";

export function Pill({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border border-primary/40 bg-primary/10 px-3.5 py-1 text-xs font-semibold tracking-wide text-violet-200 uppercase",
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Pill, heading and intro of a landing section. */
function SectionHeading({ pill, title, intro, id, className }: { pill?: string; title: string; intro?: string; id?: string; className?: string }) {
  return (
    <div className={cn("mx-auto mb-8 max-w-3xl text-center sm:mb-12", className)}>
      {pill ? <Pill>{pill}</Pill> : null}
      <h2 id={id} className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-base text-pretty text-muted sm:text-lg">{intro}</p> : null}
    </div>
  );
}

/** The vertical space of a landing section: 48 px above and below on phones, 80 px from 640 px (96 and 160 px between sections). */
export const SECTION_SPACING = "py-12 sm:py-20";

/**
 * The props of a landing section below the first screen, with its own `className`: it is styled,
 * laid out and drawn only when it comes near (`content-visibility: auto`), standing meanwhile as a
 * box of about its height (then the height it had when last drawn): the page's ~1,300 elements
 * were the landing page's longest tasks at load on a slow phone (docs/decisions/0059). Its content
 * stays in the page (found by search, read by assistive technology, linked to). The attribute
 * `data-drawn-when-near` marks it: an in-page jump (the header's 'Services', an address with
 * `#contact`) draws every marked section up to its target first, so it lands on the target rather
 * than where the stand-in heights put it (app/boot/behaviours.ts).
 */
export function drawnWhenNear(className: string) {
  return { className: cn(className, "[content-visibility:auto] [contain-intrinsic-size:auto_900px]"), "data-drawn-when-near": "" };
}

const WIDTHS = { "3xl": "max-w-3xl", "4xl": "max-w-4xl", "6xl": "max-w-6xl", "7xl": "max-w-7xl" } as const;

/**
 * A landing section: labelled by its heading (`<name>-title`), a centred column of the given
 * width, the heading (revealed on scroll unless `revealHeading` is false), then the content.
 * `anchor` gives the section the id `name` for the header's in-page links.
 */
export function LandingSection({
  name,
  anchor,
  width,
  pill,
  title,
  intro,
  revealHeading = true,
  children,
}: {
  name: string;
  anchor?: boolean;
  width: keyof typeof WIDTHS;
  pill?: string;
  title: string;
  intro?: string;
  revealHeading?: boolean;
  children: ReactNode;
}) {
  const titleId = `${name}-title`;
  const heading = <SectionHeading id={titleId} pill={pill} title={title} intro={intro} />;
  return (
    <section id={anchor ? name : undefined} aria-labelledby={titleId} {...drawnWhenNear(cn(SECTION_SPACING, anchor && "scroll-mt-20"))}>
      <div className={cn("mx-auto px-5 sm:px-8", WIDTHS[width])}>
        {revealHeading ? <Reveal>{heading}</Reveal> : heading}
        {children}
      </div>
    </section>
  );
}
