import { useCallback, useSyncExternalStore } from "react";

/** Who is told when a flag changes in this page (another tab's change comes as a storage event). */
const listeners = new Set<() => void>();
/** Choices the storage refused (private mode, quota): kept for this page. */
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return memory.get(key) ?? window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A yes/no preference kept in this browser (localStorage), e.g. the editor's side-by-side preview.
 * It reads `fallback` while server rendering and hydrating, then the stored value; storage that
 * cannot be written (private mode, quota) keeps the choice for this page only.
 */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const stored = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      window.addEventListener("storage", onChange);
      return () => {
        listeners.delete(onChange);
        window.removeEventListener("storage", onChange);
      };
    },
    () => read(key),
    () => null,
  );
  const set = useCallback(
    (next: boolean) => {
      const value = next ? "1" : "0";
      try {
        window.localStorage.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [stored === "1" ? true : stored === "0" ? false : fallback, set];
}
