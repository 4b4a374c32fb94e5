import { trustedBy } from "~/content/landing";
import { newTabLink } from "~/components/ui/new-tab";

/** Trusted by: eight logos, each opening the company's site in a new tab. */
export function TrustedBySection() {
  return (
    <section aria-labelledby="trusted-title" className="border-y border-border/60 bg-surface/30 py-12">
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <h2 id="trusted-title" className="text-center text-sm font-medium tracking-wide text-muted uppercase">
          {trustedBy.title}
        </h2>
        <ul className="mt-8 grid grid-cols-2 items-center gap-x-6 gap-y-6 sm:grid-cols-4 lg:grid-cols-8">
          {trustedBy.logos.map((logo) => (
            <li key={logo.name} className="flex justify-center">
              <a href={logo.url} {...newTabLink} className="rounded-md opacity-70 grayscale transition hover:opacity-100 hover:grayscale-0">
                <img src={logo.logo} alt={logo.alt} width={140} height={40} loading="lazy" decoding="async" className="h-9 w-auto" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
