import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { REVEAL_DEFAULTS } from "~/content/motion";
import { prefersReducedMotion } from "~/lib/motion";

/**
 * Fades and slides its content in when it enters the viewport (defaults: threshold 0.1,
 * 0.6 s, no delay). The server HTML is fully visible; only after hydration are elements that are
 * still below the fold hidden until they scroll in (styles set on the element, no re-render).
 * Reduced motion: never animated.
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

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || !("IntersectionObserver" in window)) return;
    const offset = from === "up" ? "translate3d(0,24px,0)" : from === "left" ? "translate3d(-24px,0,0)" : from === "right" ? "translate3d(24px,0,0)" : "none";
    let first = true;
    // The observer's first report says whether the element starts on screen (no forced layout).
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (first) {
          first = false;
          if (visible) return observer.disconnect();
          el.dataset.reveal = "hidden";
          el.style.opacity = "0";
          el.style.transform = offset;
          return;
        }
        if (!visible) return;
        observer.disconnect();
        el.dataset.reveal = "shown";
        el.style.transition = `opacity ${duration}s ease-out ${delay}s, transform ${duration}s ease-out ${delay}s`;
        el.style.opacity = "1";
        el.style.transform = "none";
      },
      { threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [threshold, delay, duration, from]);

  return (
    <Tag ref={ref} data-reveal="static" className={className}>
      {children}
    </Tag>
  );
}
