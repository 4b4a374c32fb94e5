import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { REVEAL_DEFAULTS } from "~/content/motion";
import { revealOnScroll } from "~/lib/browser/scroll-motion";

/**
 * Fades and slides its content in when it enters the viewport (defaults: threshold 0.1,
 * 0.6 s, no delay). The server HTML is fully visible; only after hydration are elements that are
 * still below the fold hidden until they scroll in (styles set on the element, no re-render).
 * Reduced motion: never animated. The settings are data attributes, so the public pages, which
 * hydrate only their islands, start the same code on them (app/boot/behaviours.ts).
 */
export function Reveal({
  children,
  delay = REVEAL_DEFAULTS.delay,
  duration = REVEAL_DEFAULTS.duration,
  threshold = REVEAL_DEFAULTS.threshold,
  from = "up",
  as: Tag = "div",
  className,
}: {
  children: ReactNode;
  delay?: number;
  duration?: number;
  threshold?: number;
  from?: "up" | "left" | "right" | "fade";
  as?: ElementType;
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => (ref.current ? revealOnScroll(ref.current) : undefined), [threshold, delay, duration, from]);

  return (
    <Tag
      ref={ref}
      data-reveal="static"
      data-reveal-from={from}
      data-reveal-delay={delay}
      data-reveal-duration={duration}
      data-reveal-threshold={threshold}
      className={className}
    >
      {children}
    </Tag>
  );
}
