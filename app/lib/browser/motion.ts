import { useSyncExternalStore } from "react";
import { prefersReducedMotion } from "./scroll-motion";

const QUERY = "(prefers-reduced-motion: reduce)";

export { prefersReducedMotion };

function subscribe(onChange: () => void) {
  const query = window.matchMedia(QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** `prefersReducedMotion()` as state: false while server rendering and hydrating, then live. */
export function useReducedMotion() {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
