import { useId, useState, type ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/cn";

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/** At most one item open; the open item closes when its header is chosen again. */
export function Accordion({ items, headingLevel = 3, className }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4; className?: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const base = useId();
  const Heading = `h${headingLevel}` as "h3";
  return (
    <div className={cn("divide-y divide-border rounded-2xl border border-border bg-surface/60", className)}>
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id} data-state={open ? "open" : "closed"}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left text-base font-semibold hover:text-accent sm:px-6 sm:text-lg"
              >
                <span>{item.title}</span>
                <ChevronDown aria-hidden="true" className={cn("size-5 shrink-0 text-muted transition-transform duration-300", open && "rotate-180")} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5 text-muted sm:px-6">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
