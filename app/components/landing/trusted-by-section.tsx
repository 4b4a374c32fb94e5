import type { ReactNode } from "react";
import type { WordmarkShape } from "~/content/landing";
import type { TrustedByContent } from "~/lib/landing-sections/trusted-by";
import { newTabLink } from "~/components/ui/new-tab";

/**
 * Trusted by: eight client wordmarks, each opening the company's site in a new tab. Every
 * wordmark is the same size and colour (a 20 px monochrome mark and the name in the site's type),
 * so no logo shouts louder than another. The heading and the wordmarks are the landing content's
 * (`trustedBy`, edited at /admin/site).
 */
export function TrustedBySection({ trustedBy }: { trustedBy: TrustedByContent }) {
  return (
    <section aria-labelledby="trusted-title" className="border-y border-border/60 bg-surface/30 py-10 sm:py-12">
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <h2 id="trusted-title" className="text-center text-sm font-medium tracking-wide text-muted uppercase">
          {trustedBy.title}
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-x-6 gap-y-6 sm:flex sm:flex-wrap sm:justify-center sm:gap-x-10">
          {trustedBy.logos.map((logo, i) => (
            <li key={i} className="flex justify-center">
              <a href={logo.url} {...newTabLink} className="rounded-md text-muted transition-colors hover:text-foreground">
                <WordmarkImage wordmark={logo} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function WordmarkImage({ wordmark }: { wordmark: TrustedByContent["logos"][number] }) {
  return (
    <span role="img" aria-label={wordmark.name} className="flex items-center gap-2 text-[17px] leading-none font-semibold tracking-tight whitespace-nowrap">
      <svg viewBox="0 0 40 40" width="20" height="20" aria-hidden="true" className="shrink-0">
        {marks[wordmark.mark]}
      </svg>
      {wordmark.label || wordmark.name}
    </span>
  );
}

/** Simple geometric marks drawn in the text colour (40×40 grid). */
const marks: Record<WordmarkShape, ReactNode> = {
  ring: <circle cx="20" cy="20" r="13" fill="none" stroke="currentColor" strokeWidth="6" />,
  peak: <path d="M6 33 20 7l14 26z" fill="currentColor" />,
  square: <path d="M14 6h12a8 8 0 0 1 8 8v12a8 8 0 0 1-8 8H14a8 8 0 0 1-8-8V14a8 8 0 0 1 8-8zm1 9v10h10V15z" fill="currentColor" fillRule="evenodd" />,
  wave: <path d="M5 27c6-14 10-14 15-6s9 8 15-6" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />,
  orbit: (
    <>
      <circle cx="12" cy="20" r="9" fill="currentColor" />
      <circle cx="27" cy="20" r="8.5" fill="none" stroke="currentColor" strokeWidth="4.5" />
    </>
  ),
  leaf: <path d="M20 3c12 8 14 21 0 34C6 24 8 11 20 3z" fill="currentColor" />,
  cross: <path d="M20 6v28M6 20h28" stroke="currentColor" strokeWidth="7" strokeLinecap="round" />,
  stack: (
    <>
      <rect x="5" y="7" width="30" height="7" rx="3.5" fill="currentColor" />
      <rect x="5" y="17" width="22" height="7" rx="3.5" fill="currentColor" />
      <rect x="5" y="27" width="13" height="7" rx="3.5" fill="currentColor" />
    </>
  ),
};
