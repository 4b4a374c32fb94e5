import { ArrowUpRight, CheckCircle2 } from "lucide-react";
import type { CommunityContent } from "~/lib/landing-sections/community";
import { REVEAL_STAGGER } from "~/content/motion";
import { Reveal } from "~/components/ui/reveal";
import { buttonClass } from "~/components/ui/button";
import { LandingSection } from "./section-heading";
import { Icon } from "./icons";
import { newTabLink } from "~/components/ui/new-tab";

/** Community: four cards, its points, a button to the community site (new tab). Its texts are the landing content's (`community`). */
export function CommunitySection({ community, communityUrl }: { community: CommunityContent; communityUrl: string }) {
  return (
    <LandingSection name="community" width="7xl" pill={community.pill} title={community.title} intro={community.intro}>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {community.cards.map((card, i) => (
          <Reveal as="li" key={i} delay={i * REVEAL_STAGGER} className="rounded-3xl border border-border bg-surface/70 p-6">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-primary/30 to-cyan-500/20 text-violet-100">
              <Icon name={card.icon} className="size-5" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{card.title}</h3>
            <p className="mt-2 text-sm text-muted">{card.description}</p>
          </Reveal>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-center gap-8">
        <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          {community.bullets.map((b, i) => (
            <li key={i} className="flex items-center gap-2 text-sm text-foreground/90">
              <CheckCircle2 aria-hidden="true" className="size-4 text-accent" />
              {b}
            </li>
          ))}
        </ul>
        <a href={communityUrl} {...newTabLink} className={buttonClass({ size: "lg" })} data-cta="community">
          {community.cta}
          <ArrowUpRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </LandingSection>
  );
}
