import { useEffect, useRef, type ReactNode } from "react";
import { BORDER_GLOW } from "~/content/motion";
import { spinGlow } from "~/lib/browser/scroll-motion";
import { cn } from "~/lib/cn";

/**
 * A 1 px border with a rotating glow (one turn per second, clockwise by default).
 * Runs only while on screen; still for reduced motion.
 */
export function BorderGlow({
  children,
  className,
  innerClassName,
  rotationSeconds = BORDER_GLOW.rotationSeconds,
  clockwise = BORDER_GLOW.clockwise,
}: {
  children: ReactNode;
  className?: string;
  innerClassName?: string;
  rotationSeconds?: number;
  clockwise?: boolean;
}) {
  const glowRef = useRef<HTMLDivElement>(null);

  useEffect(() => (glowRef.current ? spinGlow(glowRef.current) : undefined), [rotationSeconds, clockwise]);

  return (
    <div className={cn("relative isolate overflow-hidden p-px", className)}>
      <div
        ref={glowRef}
        data-glow={rotationSeconds}
        data-glow-direction={clockwise ? "clockwise" : "anticlockwise"}
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 -z-10 aspect-square w-[150%] bg-[conic-gradient(from_0deg,transparent_0deg,var(--color-primary)_60deg,var(--color-accent)_110deg,transparent_170deg,transparent_360deg)]"
        style={{ translate: "-50% -50%", transform: "rotate(0deg)" }}
      />
      <div className={cn("relative h-full", innerClassName)}>{children}</div>
    </div>
  );
}
