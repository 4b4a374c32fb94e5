import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, live; null while server rendering and hydrating (the server
 * cannot know the screen), so a component can leave the first paint to CSS and refine after.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
