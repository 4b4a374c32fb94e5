import { twMerge, type ClassNameValue } from "tailwind-merge";

/**
 * Joins class names (skipping falsy ones and flattening arrays) and resolves Tailwind conflicts:
 * of two classes that set the same thing, the later one stays, so the caller's className, passed
 * last, wins. The theme's colour tokens (primary, surface-2, muted…) need no extra configuration:
 * tailwind-merge reads any `bg-*`, `text-*` or `border-*` value that is not a size as a colour.
 */
export function cn(...classes: ClassNameValue[]) {
  return twMerge(classes);
}
