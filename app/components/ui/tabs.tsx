import { Fragment, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "~/lib/cn";
import { useMediaQuery } from "~/lib/browser/use-media-query";
import { useStableId } from "~/islands/ids";

export type TabItem = { id: string; label: ReactNode; panel: ReactNode };

/** Where a phone accordion gives way to tabs: Tailwind's `md` breakpoint (768 px). */
const WIDE = "(min-width: 768px)";

/**
 * WAI-ARIA tabs with a roving tab stop: arrow keys (left/right, or up/down when vertical),
 * Home and End move between tabs and select them.
 *
 * Every panel is in the server HTML. With scripting on, CSS shows only the selected one from the
 * first paint (display: none keeps the others from assistive technology too); without it the tab
 * list, which could do nothing, is hidden and every panel shows. With `accordionOnPhones`, below
 * 768 px the same panels become an accordion (one open at a time, closable) under headers of
 * the given level; from hydration on, the roles follow (region and button instead of tabpanel and tab).
 */
export function Tabs({
  items,
  label,
  defaultValue,
  orientation = "horizontal",
  accordionOnPhones = false,
  headingLevel = 3,
  className,
  listClassName,
  tabClassName,
  headerClassName,
  panelsClassName,
  panelClassName,
}: {
  items: TabItem[];
  label: string;
  defaultValue?: string;
  orientation?: "horizontal" | "vertical";
  accordionOnPhones?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
  listClassName?: string;
  tabClassName?: (selected: boolean) => string;
  /** The look of an accordion header (phones), open or not. */
  headerClassName?: (open: boolean) => string;
  panelsClassName?: string;
  panelClassName?: string;
}) {
  const base = useStableId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const [value, setValue] = useState<string | null>(defaultValue ?? items[0]?.id ?? null);
  const wide = useMediaQuery(WIDE);
  const hydrated = wide !== null;
  const accordion = accordionOnPhones && wide === false;
  // Tabs always show a panel; an accordion may have all closed (then tabs, on a wider screen, show the first).
  const current = value ?? (accordion ? null : (items[0]?.id ?? null));
  const Heading = `h${headingLevel}` as "h3";

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const keys = orientation === "vertical" ? ["ArrowUp", "ArrowDown"] : ["ArrowLeft", "ArrowRight"];
    const index = items.findIndex((item) => item.id === current);
    let next = -1;
    if (event.key === keys[0]) next = (index - 1 + items.length) % items.length;
    else if (event.key === keys[1]) next = (index + 1) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const id = items[next]!.id;
    setValue(id);
    refs.current.get(id)?.focus();
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        className={cn(listClassName, accordionOnPhones && "max-md:hidden", "noscript:hidden")}
      >
        {items.map((item) => {
          const selected = item.id === current;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) refs.current.set(item.id, el);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              onClick={() => setValue(item.id)}
              onKeyDown={onKeyDown}
              className={cn("transition-colors", tabClassName?.(selected))}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {/* Without the tab list (no JavaScript) the panels take its place in the caller's grid too. */}
      <div className={cn("grid noscript:col-span-full", panelsClassName)}>
        {items.map((item) => {
          const active = item.id === current;
          const headerId = `${base}-header-${item.id}`;
          const panelId = `${base}-panel-${item.id}`;
          return (
            <Fragment key={item.id}>
              {accordionOnPhones ? (
                <Heading className="m-0 md:hidden">
                  {hydrated ? (
                    <button
                      type="button"
                      id={headerId}
                      aria-expanded={active}
                      aria-controls={panelId}
                      onClick={() => setValue(active ? null : item.id)}
                      className={cn("flex w-full items-center justify-between gap-4 text-left", headerClassName?.(active))}
                    >
                      {item.label}
                      <ChevronDown aria-hidden="true" className={cn("size-5 shrink-0 transition-transform duration-300", active && "rotate-180")} />
                    </button>
                  ) : (
                    // Before hydration (and without JavaScript) the header is a plain heading of the same look.
                    <span className={cn("flex w-full items-center justify-between gap-4", headerClassName?.(active))}>
                      {item.label}
                      <ChevronDown aria-hidden="true" className={cn("size-5 shrink-0 noscript:hidden", active && "rotate-180")} />
                    </span>
                  )}
                </Heading>
              ) : null}
              <div
                role={accordion ? "region" : "tabpanel"}
                id={panelId}
                aria-labelledby={accordion ? headerId : `${base}-tab-${item.id}`}
                tabIndex={accordion ? undefined : 0}
                data-state={active ? "active" : "inactive"}
                className={cn(panelClassName, "data-[state=inactive]:hidden noscript:data-[state=inactive]:block")}
              >
                {item.panel}
              </div>
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
