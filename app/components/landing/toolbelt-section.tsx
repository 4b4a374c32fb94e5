import { toolbelt } from "~/content/landing";
import { Reveal } from "~/components/ui/reveal";
import { Icon, toolIcon } from "./icons";

/** The tools we connect: a desktop-only section, shown on large screens only. */
export function ToolbeltSection() {
  return (
    <section aria-labelledby="toolbelt-title" className="hidden py-20 lg:block">
      <Reveal className="mx-auto flex max-w-6xl items-center justify-between gap-12 rounded-3xl border border-border bg-[radial-gradient(ellipse_at_left,color-mix(in_srgb,var(--color-accent)_12%,transparent),transparent_60%)] px-12 py-12">
        <div className="max-w-md">
          <h2 id="toolbelt-title" className="text-3xl font-bold tracking-tight">
            {toolbelt.title}
          </h2>
          <p className="mt-3 text-muted">{toolbelt.text}</p>
        </div>
        <ul className="grid grid-cols-4 gap-3">
          {toolbelt.tools.map((tool) => (
            <li key={tool} className="flex w-28 flex-col items-center gap-2 rounded-2xl border border-border bg-surface/70 px-3 py-4 text-xs text-muted">
              <Icon name={toolIcon(tool)} className="size-6 text-accent" />
              {tool}
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
