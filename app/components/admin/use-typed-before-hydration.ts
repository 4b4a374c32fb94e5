import { useEffectEvent, useLayoutEffect, type RefObject } from "react";

/**
 * A controlled input's text typed before the page hydrated: React keeps it in the page but its
 * state still holds what the server rendered, so the next render would put that back. On mount,
 * `adopt` gets the typed text (React has set the input's `defaultValue` to what it rendered and
 * left its value alone) to put into that state. Text areas are kept by app/lib/typed-before-hydration.ts.
 */
export function useTypedBeforeHydration(ref: RefObject<HTMLInputElement | null>, adopt: (typed: string) => void) {
  const adoptTyped = useEffectEvent(adopt);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && input.value !== input.defaultValue) adoptTyped(input.value);
  }, [ref]);
}
