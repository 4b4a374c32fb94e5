import { useStableId } from "~/islands/ids";
import { cn } from "~/lib/cn";

/** The brand mark (self-drawn SVG) and wordmark. */
export function BrandMark({ className }: { className?: string }) {
  // The mark appears in the header and the footer: each copy needs its own gradient id.
  const gradientId = `brand-mark-${useStableId().replace(/[^\w-]/g, "")}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path d="M9 21c3.5 0 4.5-10 8-10s3.5 6 6 6" fill="none" stroke="#07070c" strokeWidth="3" strokeLinecap="round" />
      <circle cx="9" cy="21" r="2.2" fill="#07070c" />
      <circle cx="23" cy="17" r="2.2" fill="#07070c" />
    </svg>
  );
}

export function BrandLogo({ brand, className }: { brand: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5 text-lg font-bold tracking-tight", className)}>
      <BrandMark />
      <span>{brand}</span>
    </span>
  );
}
