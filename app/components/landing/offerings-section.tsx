import { useState } from "react";
import { offerings } from "~/content/landing";
import { Tabs } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { LandingSection } from "./section-heading";
import { Icon } from "./icons";

/** Offerings: five vertical tabs (default venture-assist), four features each. */
export function OfferingsSection() {
  const [selected, setSelected] = useState(offerings.tabs[0]!.id);
  const tab = offerings.tabs.find((t) => t.id === selected) ?? offerings.tabs[0]!;
  return (
    <LandingSection name="offerings" width="6xl" pill={offerings.pill} title={offerings.title}>
      <Tabs
        label={offerings.pill}
        orientation="vertical"
        items={offerings.tabs.map((t) => ({ id: t.id, label: t.label }))}
        value={selected}
        onChange={setSelected}
        className="grid gap-6 lg:grid-cols-[280px_1fr]"
        listClassName="flex flex-col gap-2"
        tabClassName={(on) =>
          cn(
            "rounded-2xl border px-5 py-4 text-left text-base font-semibold",
            on
              ? "border-primary/70 bg-primary/15 text-foreground shadow-[inset_3px_0_0_var(--color-primary)]"
              : "border-border bg-surface/50 text-muted hover:text-foreground",
          )
        }
        panelClassName="rounded-3xl border border-border bg-surface/60 p-6 sm:p-8"
      >
        <h3 className="text-2xl font-bold">{tab.title}</h3>
        <p className="mt-3 text-muted">{tab.description}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {tab.features.map((f) => (
            <li key={f.title} className="rounded-2xl border border-border bg-background/60 p-5">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/15 text-violet-200">
                <Icon name={f.icon} className="size-5" />
              </span>
              <h4 className="mt-4 font-semibold">{f.title}</h4>
              <p className="mt-1 text-sm text-muted">{f.description}</p>
            </li>
          ))}
        </ul>
      </Tabs>
    </LandingSection>
  );
}
