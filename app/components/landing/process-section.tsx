import { Check } from "lucide-react";
import { processSection } from "~/content/landing";
import { REVEAL_STAGGER } from "~/content/motion";
import type { LandingContent } from "~/lib/landing-content";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";
import { Reveal } from "~/components/ui/reveal";
import { LandingSection } from "./section-heading";
import { Icon } from "./icons";

/** The illustrations' widths at each layout: one column, two from md, four from xl (max-w-7xl). */
const ILLUSTRATION_SIZES = "(min-width: 1280px) 300px, (min-width: 768px) 50vw, 100vw";

/**
 * Process: Audit, Build, Deliver, Scale. The words are the landing content (edited at
 * /admin/site), and so is an uploaded illustration: its stored WebP variants as `srcset`, as a
 * post's cover (docs/decisions/0057); without one, the shipped illustration. Each step's number
 * and icon are the shipped ones.
 */
export function ProcessSection({ process }: { process: LandingContent["process"] }) {
  const steps = processSection.steps.map((visual, i) => {
    const { image: uploaded, ...words } = process.steps[i]!;
    return { ...visual, ...words, uploaded };
  });
  return (
    <LandingSection name="process" width="7xl" pill={process.pill} title={process.title}>
      <ol className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
        {steps.map((step, i) => (
          <Reveal as="li" key={step.step} delay={i * REVEAL_STAGGER} className="flex flex-col overflow-hidden rounded-3xl border border-border bg-surface/70">
            <img
              src={step.uploaded ? (imageVariantUrl(step.uploaded, 960) ?? step.uploaded) : step.image}
              srcSet={step.uploaded ? imageSrcSet(step.uploaded) : undefined}
              sizes={step.uploaded ? ILLUSTRATION_SIZES : undefined}
              alt={step.imageAlt}
              width={400}
              height={220}
              loading="lazy"
              decoding="async"
              className="aspect-[40/15] w-full bg-surface-2 object-cover sm:aspect-[40/22]"
            />
            <div className="flex flex-1 flex-col p-6">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/15 text-violet-200">
                  <Icon name={step.icon} className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted">Step {step.step}</span>
              </div>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="mt-2 text-sm text-foreground/85">{step.description}</p>
              <p className="mt-2 text-sm text-muted">{step.subDescription}</p>
              {step.features.length > 0 ? (
                <ul className="mt-4 grid gap-1.5 text-sm">
                  {step.features.map((f, n) => (
                    <li key={n} className="flex items-center gap-2">
                      <Check aria-hidden="true" className="size-4 shrink-0 text-accent" />
                      {f}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </Reveal>
        ))}
      </ol>
    </LandingSection>
  );
}
