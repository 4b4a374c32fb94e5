import type { LandingContent } from "~/lib/landing-content";
import { Reveal } from "~/components/ui/reveal";
import { BorderGlow } from "~/components/ui/border-glow";
import { buttonClass } from "~/components/ui/button";
import { drawnWhenNear, Pill } from "./section-heading";
import { AuditRequestButton } from "./audit-request";

/** The landing page's closing call to action: a glowing card with the audit request button. */
export function ContactSection({ contact }: { contact: LandingContent["contact"] }) {
  return (
    <section id="contact" aria-labelledby="contact-title" {...drawnWhenNear("scroll-mt-20 px-5 pb-12 sm:px-8 sm:pb-20")}>
      <Reveal className="mx-auto max-w-5xl">
        <BorderGlow
          className="rounded-[2rem] bg-primary/30"
          innerClassName="rounded-[calc(2rem-1px)] bg-background bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--color-primary)_35%,transparent),transparent_65%),linear-gradient(to_bottom,var(--color-surface),var(--color-background))] px-6 py-16 text-center sm:px-12 sm:py-20"
        >
          <Pill>{contact.pill}</Pill>
          <h2 id="contact-title" className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {contact.title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-muted sm:text-lg">{contact.text}</p>
          <div className="mt-10">
            <AuditRequestButton source="contact" className={buttonClass({ size: "lg" })}>
              {contact.cta}
            </AuditRequestButton>
          </div>
        </BorderGlow>
      </Reveal>
    </section>
  );
}
