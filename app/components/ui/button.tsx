import type { ButtonHTMLAttributes } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

/**
 * The one button look, for <button>, <a> and <Link> alike. The filled variant uses the strong
 * primary shade: white text on it has a 6:1 contrast (the lighter primary gives 4.2:1, below WCAG
 * AA for normal-size text).
 */
const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60",
  {
    variants: {
      variant: {
        primary: "bg-primary-strong text-primary-foreground shadow-[0_0_24px_-6px_var(--color-primary)] hover:bg-primary-hover",
        outline: "border border-border bg-surface/60 text-foreground hover:border-primary hover:bg-surface-2",
        ghost: "text-foreground hover:bg-surface-2",
      },
      size: {
        sm: "h-9 px-4 text-sm",
        md: "h-11 px-5 text-sm",
        lg: "h-12 px-7 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

/** The classes of a button of the given variant and size; the caller's className, last, wins. */
export function buttonClass({ variant, size, className }: ButtonVariants & { className?: string } = {}) {
  return cn(buttonVariants({ variant, size }), className);
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
