/**
 * A header control that is an icon on a phone and labelled from 768 px up (AdminPage): the classes
 * of its button, and its label, read by screen readers at every width.
 */
export const COMPACT_CONTROL = "w-9 px-0 md:w-auto md:px-4";

export function CompactLabel({ children }: { children: string }) {
  return <span className="sr-only md:not-sr-only">{children}</span>;
}
