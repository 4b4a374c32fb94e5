/**
 * The hero's dot grid as plain DOM code (no component): CSS dots from the server HTML, and on the
 * visitor's first pointer move (unless reduced motion) the interactive canvas, whose code
 * (./dot-grid.ts) is fetched then. The public pages start it from their behaviours
 * (app/boot/behaviours.ts) on `[data-dot-grid]`, so the landing page runs no component code at its
 * load (docs/decisions/0076); a client render (the back-office's preview) starts it in an effect.
 * Returns the clean-up.
 */
import { prefersReducedMotion } from "~/lib/browser/scroll-motion";

export function startDotGridOnPointer(canvas: HTMLCanvasElement): () => void {
  if (prefersReducedMotion()) return () => {};
  let stop: (() => void) | undefined;
  let cancelled = false;
  const start = () => {
    window.removeEventListener("pointermove", start);
    void import("./dot-grid").then(({ startDotGrid }) => {
      if (cancelled) return;
      stop = startDotGrid(canvas);
      canvas.dataset.live = "true";
      // The CSS dots fade out (their transition) as the canvas draws the same grid.
      const dots = canvas.parentElement?.querySelector<HTMLElement>("[data-dot-tile]");
      if (dots) dots.style.opacity = "0";
    });
  };
  window.addEventListener("pointermove", start, { passive: true });
  return () => {
    cancelled = true;
    window.removeEventListener("pointermove", start);
    stop?.();
  };
}
