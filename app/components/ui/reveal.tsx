import { useEffect, useRef, useState, type CSSProperties, type ElementType, type ReactNode } from "react";
import { REVEAL_DEFAULTS } from "~/content/motion";
import { prefersReducedMotion } from "~/lib/motion";
import { cn } from "~/lib/cn";

type Phase = "static" | "hidden" | "shown";

/**
 * Fades and slides its content in when it enters the viewport (SPEC.md defaults: threshold 0.1,
 * 0.6 s, no delay). The server HTML is fully visible; only after hydration are elements that are
 * still below the fold hidden until they scroll in. Reduced motion: never animated.
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
  const [phase, setPhase] = useState<Phase>("static");

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || !("IntersectionObserver" in window)) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) return;
    setPhase("hidden");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setPhase("shown");
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [threshold]);

  const offset = from === "up" ? "translate3d(0,24px,0)" : from === "left" ? "translate3d(-24px,0,0)" : from === "right" ? "translate3d(24px,0,0)" : "none";
  const style: CSSProperties | undefined =
    phase === "static"
      ? undefined
      : {
          opacity: phase === "hidden" ? 0 : 1,
          transform: phase === "hidden" ? offset : "none",
          transition: `opacity ${duration}s ease-out ${delay}s, transform ${duration}s ease-out ${delay}s`,
        };
  return (
    <Tag ref={ref} style={style} data-reveal={phase} className={cn(className)}>
      {children}
    </Tag>
  );
}
