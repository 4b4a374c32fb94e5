/** Joins class names, skipping falsy ones; the caller's className goes last so it wins. */
export function cn(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(" ");
}
