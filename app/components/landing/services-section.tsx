import { Check } from "lucide-react";
import type { ServiceTab } from "~/content/landing";
import type { ServicesProps } from "~/lib/landing-sections/services";
import { SERVICES_FADE_MS } from "~/content/motion";
import { Tabs } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { LandingSection } from "./section-heading";
import { Icon, toolIcon } from "./icons";

/**
 * Services: four tabs (venture capital first); a chosen tab's content fades in (SERVICES_FADE_MS).
 * Every tab's content is in the HTML; without JavaScript all four show, each under its label. Its
 * texts, tools and stack are the landing content's (`services`, edited at /admin/site), given as the
 * island's props with each tab's shipped id and the stack in its tab (`servicesProps`, on the server).
 */
export function ServicesSection({ services }: { services: ServicesProps }) {
  const { tabs } = services;
  return (
    <LandingSection name="services" anchor width="6xl" pill={services.pill} title={services.title} intro={services.intro}>
      <Tabs
        label={services.pill}
        items={tabs.map((t) => ({ id: t.id, label: t.label, panel: <ServicePanel tab={t} labels={services} /> }))}
        listClassName="mx-auto mb-8 grid w-full max-w-2xl grid-cols-2 gap-1 rounded-3xl border border-border bg-surface/70 p-1 sm:flex sm:rounded-full"
        tabClassName={(on) =>
          cn(
            "flex-1 rounded-full px-4 py-2.5 text-sm font-semibold whitespace-nowrap",
            on ? "bg-primary-strong text-primary-foreground" : "text-muted hover:text-foreground",
          )
        }
        panelsClassName="gap-6"
        panelClassName="rounded-3xl border border-border bg-gradient-to-br from-surface to-surface-2/60 p-6 sm:p-10"
      />
    </LandingSection>
  );
}

/** One tab's content. A panel shown again (display no longer none) starts its fade-in again. */
function ServicePanel({ tab, labels }: { tab: ServiceTab; labels: Pick<ServicesProps, "useCasesLabel" | "toolsLabel" | "stackLabel"> }) {
  return (
    <div data-testid="services-panel" style={{ animation: `fade-in ${SERVICES_FADE_MS}ms ease-out` }} className="grid gap-10 lg:grid-cols-[1.2fr_1fr]">
      <div>
        <p className="mb-3 hidden text-sm font-semibold tracking-wide text-accent uppercase noscript:block">{tab.label}</p>
        <h3 className="text-2xl font-bold sm:text-3xl">{tab.title}</h3>
        <p className="mt-4 text-muted sm:text-lg">{tab.description}</p>
        <h4 className="mt-8 text-xs font-semibold tracking-wide text-muted uppercase">{labels.useCasesLabel}</h4>
        <ul className="mt-3 flex flex-wrap gap-2">
          {tab.useCases.map((u) => (
            <li key={u} className="rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-sm text-violet-100">
              {u}
            </li>
          ))}
        </ul>
      </div>
      <div>
        {tab.tools?.length ? (
          <>
            <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{labels.toolsLabel}</h4>
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {tab.tools.map((tool) => (
                <li key={tool} className="flex items-center gap-2 rounded-xl border border-border bg-background/60 px-3 py-3 text-sm">
                  <Icon name={toolIcon(tool)} className="size-4 shrink-0 text-accent" />
                  {tool}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {tab.stack?.length ? (
          <>
            <h4 className={cn("text-xs font-semibold tracking-wide text-muted uppercase", tab.tools?.length && "mt-8")}>{labels.stackLabel}</h4>
            <ul className="mt-3 grid gap-3">
              {tab.stack.map((layer) => (
                <li key={layer.title} className="rounded-xl border border-border bg-background/60 p-4">
                  <p className="font-semibold">{layer.title}</p>
                  <ul className="mt-2 grid gap-1 text-sm text-muted">
                    {layer.items.map((item) => (
                      <li key={item} className="flex items-center gap-2">
                        <Check aria-hidden="true" className="size-4 text-accent" />
                        {item}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
