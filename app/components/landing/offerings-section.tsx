import { offerings as shipped } from "~/content/landing";
import type { OfferingsContent } from "~/lib/landing-sections/offerings";
import { Tabs } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { LandingSection } from "./section-heading";
import { Icon } from "./icons";

/**
 * Offerings: five vertical tabs (default venture-assist), four features each; on phones the same
 * panels are an accordion, so a chosen offering opens where it was tapped. Every offering is in
 * the HTML; without JavaScript all five show. Its texts are the landing content's (`offerings`,
 * edited at /admin/site), given as the island's props; the tabs' ids stay the shipped ones.
 */
export function OfferingsSection({ offerings }: { offerings: OfferingsContent }) {
  return (
    <LandingSection name="offerings" width="6xl" pill={offerings.pill} title={offerings.title}>
      <Tabs
        label={offerings.pill}
        orientation="vertical"
        accordionOnPhones
        items={offerings.tabs.map((t, i) => ({ id: shipped.tabs[i]?.id ?? `offering-${i + 1}`, label: t.label, panel: <OfferingPanel tab={t} /> }))}
        className="grid gap-6 md:grid-cols-[240px_1fr] lg:grid-cols-[280px_1fr]"
        listClassName="flex flex-col gap-2"
        tabClassName={(on) =>
          cn(
            "rounded-2xl border px-5 py-4 text-left text-base font-semibold",
            on
              ? "border-primary/70 bg-primary/15 text-foreground shadow-[inset_3px_0_0_var(--color-primary)]"
              : "border-border bg-surface/50 text-muted hover:text-foreground",
          )
        }
        headerClassName={(open) =>
          cn(
            "rounded-2xl border px-5 py-4 text-base font-semibold",
            open
              ? "border-primary/70 bg-primary/15 text-foreground"
              : // Without JavaScript every offering shows: every header looks open.
                "border-border bg-surface/50 text-muted hover:text-foreground noscript:border-primary/70 noscript:bg-primary/15 noscript:text-foreground",
          )
        }
        panelsClassName="gap-3 md:gap-6"
        panelClassName="rounded-3xl border border-border bg-surface/60 p-5 sm:p-8"
      />
    </LandingSection>
  );
}

/** One offering: its title (the accordion header says it on phones), description and four features. */
function OfferingPanel({ tab }: { tab: OfferingsContent["tabs"][number] }) {
  return (
    <>
      <h3 className="text-2xl font-bold max-md:hidden">{tab.title}</h3>
      <p className="text-muted md:mt-3">{tab.description}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 sm:gap-4 md:mt-8">
        {tab.features.map((f, i) => (
          <li key={i} className="flex gap-4 rounded-2xl border border-border bg-background/60 p-4 sm:block sm:p-5">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-violet-200">
              <Icon name={f.icon} className="size-5" />
            </span>
            <div>
              <h4 className="font-semibold sm:mt-4">{f.title}</h4>
              <p className="mt-1 text-sm text-muted">{f.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
