import { whoWeAre } from "~/content/landing";
import type { WhoContent } from "~/lib/landing-sections/who-we-are";
import { REVEAL_STAGGER } from "~/content/motion";
import { Reveal } from "~/components/ui/reveal";
import { LandingSection } from "./section-heading";
import { Counter } from "./counter";
import { IntegrationsDiagram } from "./integrations-diagram";
import { newTabLink } from "~/components/ui/new-tab";

/**
 * Who we are: four counters, the partners (text badges, not imitations of their logos), the
 * integrations diagram. Its texts, figures and partners are the landing content's (`who`); the
 * diagram stays the shipped one.
 */
export function WhoWeAreSection({ who }: { who: WhoContent }) {
  return (
    <LandingSection name="who" width="7xl" pill={who.pill} title={who.title} intro={who.text}>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {who.stats.map((stat, i) => (
          <Reveal key={i} delay={i * REVEAL_STAGGER} className="flex flex-col rounded-2xl border border-border bg-surface/70 p-6 text-center">
            <dt className="text-sm text-muted">{stat.label}</dt>
            <dd className="order-first mt-2 bg-gradient-to-r from-violet-300 to-cyan-300 bg-clip-text text-4xl font-bold tracking-tight text-transparent sm:text-5xl">
              <Counter value={stat.value} suffix={stat.suffix} index={i} />
            </dd>
          </Reveal>
        ))}
      </dl>
      <div className="mt-12">
        <h3 className="text-center text-sm font-medium tracking-wide text-muted uppercase">{who.partnersTitle}</h3>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {who.partners.map((p, i) => (
            <li key={i}>
              <a
                href={p.url}
                {...newTabLink}
                className="flex h-16 items-center justify-center rounded-2xl border border-border bg-surface/60 px-6 text-lg font-semibold tracking-tight text-foreground/90 transition-colors hover:border-primary/60 hover:text-foreground"
              >
                {p.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-12">
        <IntegrationsDiagram label={whoWeAre.diagramLabel} hub={whoWeAre.diagramHub} left={whoWeAre.diagramLeft} right={whoWeAre.diagramRight} />
      </div>
    </LandingSection>
  );
}
