import { useEffect, useRef } from "react";
import { COUNTER } from "~/content/motion";
import { prefersReducedMotion } from "~/lib/motion";

const format = (n: number) => n.toLocaleString("en-US");

/**
 * A number that counts up once, when first visible (1.5 s, delay 0.2 s × index). The server HTML
 * holds the real value, and the page holds it once only (no hidden copy for finding or reading
 * twice); counting ends on it.
 */
export function Counter({ value, suffix, index }: { value: number; suffix: string; index: number }) {
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || !("IntersectionObserver" in window)) return;
    const setShown = (n: number) => {
      el.textContent = `${format(n)}${suffix}`;
    };
    let frame = 0;
    let timer = 0;
    let first = true;
    // First report: already on screen keeps the value; otherwise count up once it scrolls in.
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((e) => e.isIntersecting);
      if (first) {
        first = false;
        if (visible) return observer.disconnect();
        return setShown(0);
      }
      if (!visible) return;
      observer.disconnect();
      timer = window.setTimeout(
        () => {
          const start = performance.now();
          const tick = (now: number) => {
            const t = Math.min(1, (now - start) / (COUNTER.duration * 1000));
            const eased = 1 - (1 - t) ** 3;
            setShown(Math.round(value * eased));
            if (t < 1) frame = requestAnimationFrame(tick);
          };
          frame = requestAnimationFrame(tick);
        },
        COUNTER.delayPerIndex * index * 1000,
      );
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [value, index, suffix]);

  return (
    <span ref={ref} className="tabular-nums">
      {`${format(value)}${suffix}`}
    </span>
  );
}
