import { useEffect, useRef } from "react";
import { countUp } from "~/lib/browser/scroll-motion";
import { formatCount } from "~/lib/count-format";

/**
 * A number that counts up once, when first visible (1.5 s, delay 0.2 s × index). The server HTML
 * holds the real value, and the page holds it once only (no hidden copy for finding or reading
 * twice); counting ends on it. The figures are data attributes, so the public pages start the same
 * code without React (app/boot/behaviours.ts).
 */
export function Counter({ value, suffix, index }: { value: number; suffix: string; index: number }) {
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => (ref.current ? countUp(ref.current) : undefined), [value, index, suffix]);

  return (
    <span ref={ref} data-counter={value} data-counter-suffix={suffix} data-counter-index={index} className="tabular-nums">
      {`${formatCount(value)}${suffix}`}
    </span>
  );
}
