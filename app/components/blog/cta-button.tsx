import { cn } from "~/lib/cn";

/**
 * The blog's filled call-to-action look. It uses the strong primary shade: white text on it has
 * a 6:1 contrast (the lighter primary gives 4.2:1, below WCAG AA for normal-size text).
 */
export function ctaButtonClass({ size = "md", className }: { size?: "md" | "lg"; className?: string } = {}) {
  return cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-full bg-primary-strong font-semibold whitespace-nowrap text-primary-foreground shadow-[0_0_24px_-6px_var(--color-primary)] transition-colors hover:bg-[#4a2ee0] focus-visible:outline-2 focus-visible:outline-offset-2",
    size === "lg" ? "h-12 px-7 text-base" : "h-11 px-5 text-sm",
    className,
  );
}
