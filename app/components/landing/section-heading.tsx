import type { ReactNode } from "react";
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
export function SectionHeading({ pill, title, intro, id, className }: { pill?: string; title: string; intro?: string; id?: string; className?: string }) {
  return (
    <div className={cn("mx-auto mb-12 max-w-3xl text-center", className)}>
      {pill ? <Pill>{pill}</Pill> : null}
      <h2 id={id} className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-base text-pretty text-muted sm:text-lg">{intro}</p> : null}
    </div>
  );
}
