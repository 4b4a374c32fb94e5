import { type ReactNode, type SyntheticEvent } from "react";
import { useStableId } from "~/islands/ids";
import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/cn";

export type AccordionItem = { id: string; title: ReactNode; content: ReactNode };

/**
 * At most one item open; the open item closes when its header is chosen again. Built on native
 * <details>/<summary>: it opens by mouse, Enter and Space without JavaScript (and for the
 * browser's find-in-page). The shared `name` makes the browser keep one item open; the toggle
 * handler does the same where `name` is not supported yet. The answer fades in, unless the
 * visitor prefers reduced motion (app.css turns animations off).
 */
export function Accordion({ items, headingLevel = 3, className }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4; className?: string }) {
  const group = useStableId();
  const Heading = `h${headingLevel}` as "h3";
  return (
    <div className={cn("divide-y divide-border rounded-2xl border border-border bg-surface/60", className)}>
      {items.map((item) => (
        <details key={item.id} name={group} onToggle={closeOthers} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left hover:text-accent sm:px-6 [&::-webkit-details-marker]:hidden">
            <Heading className="m-0 text-base font-semibold sm:text-lg">{item.title}</Heading>
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted transition-transform duration-300 group-open:rotate-180" />
          </summary>
          <div className="animate-[fade-in_300ms_ease-out] px-5 pb-5 text-muted sm:px-6">{item.content}</div>
        </details>
      ))}
    </div>
  );
}

/** One open at a time, for browsers that do not group <details> by `name` yet. */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  for (const other of opened.parentElement?.children ?? []) {
    if (other !== opened && other instanceof HTMLDetailsElement) other.open = false;
  }
}
