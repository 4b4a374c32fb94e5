import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/cn";

export type TabItem = { id: string; label: ReactNode };

/**
 * WAI-ARIA tabs with a roving tab stop: arrow keys (left/right, or up/down when vertical),
 * Home and End move between tabs and select them. The caller renders the selected panel.
 */
export function Tabs({
  items,
  value,
  onChange,
  label,
  orientation = "horizontal",
  listClassName,
  tabClassName,
  panelClassName,
  children,
  className,
}: {
  items: TabItem[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  orientation?: "horizontal" | "vertical";
  listClassName?: string;
  tabClassName?: (selected: boolean) => string;
  panelClassName?: string;
  children: ReactNode;
  className?: string;
}) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const keys = orientation === "vertical" ? ["ArrowUp", "ArrowDown"] : ["ArrowLeft", "ArrowRight"];
    const index = items.findIndex((item) => item.id === value);
    let next = -1;
    if (event.key === keys[0]) next = (index - 1 + items.length) % items.length;
    else if (event.key === keys[1]) next = (index + 1) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const id = items[next]!.id;
    onChange(id);
    refs.current.get(id)?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} className={listClassName}>
        {items.map((item) => {
          const selected = item.id === value;
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
              onClick={() => onChange(item.id)}
              onKeyDown={onKeyDown}
              className={cn("transition-colors", tabClassName?.(selected))}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${value}`} aria-labelledby={`${base}-tab-${value}`} tabIndex={0} className={panelClassName}>
        {children}
      </div>
    </div>
  );
}
