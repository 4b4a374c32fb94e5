import { createContext, use, useEffect, useId, useRef, useState, type ComponentProps, type RefObject } from "react";
import { cn } from "~/lib/cn";

/**
 * The table of every back-office list, in the manner of shadcn/ui's: the plain table elements with
 * the house styles, composed by the caller (`Table`, `TableCaption`, `TableHeader`, `TableBody`,
 * `TableRow`, `TableHead`, `TableCell`). What it settles once for all of them:
 * - density: `comfortable` rows for lists of records, `compact` ones for logs and figures;
 * - `framed`: the table is the list's own bordered surface, or it sits bare inside a panel;
 * - `numeric` columns: right-aligned, tabular figures, never wrapped;
 * - `from`: a column shown from a breakpoint up (its header and its cells alike);
 * - too wide for the screen, the table scrolls sideways in its own box, and that box then becomes
 *   a focusable region named like the table, so the keyboard can scroll it too;
 * - `stickyHeader`: from `lg` up the column headers stay in view while the page scrolls (below,
 *   the sideways-scrolling box would hold them, so they scroll with the rows).
 * The table is named by its `TableCaption` (read out, not shown: every table sits under a heading)
 * or by `aria-labelledby`.
 */

type Density = "comfortable" | "compact";
type Breakpoint = "sm" | "md" | "lg";

type TableSettings = { density: Density; framed: boolean; stickyHeader: boolean; captionId: string };

const TableContext = createContext<TableSettings>({ density: "comfortable", framed: false, stickyHeader: false, captionId: "" });

const SHOWN_FROM: Record<Breakpoint, string> = { sm: "hidden sm:table-cell", md: "hidden md:table-cell", lg: "hidden lg:table-cell" };

export function Table({
  density = "comfortable",
  framed = false,
  stickyHeader = false,
  scrollLabel,
  className,
  children,
  ...props
}: ComponentProps<"table"> & {
  density?: Density;
  framed?: boolean;
  stickyHeader?: boolean;
  /** The sideways-scrolling box's own name, when a landmark around the table already has the table's (no two regions named alike). */
  scrollLabel?: string;
}) {
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  const settings = { density, framed, stickyHeader, captionId };
  return (
    <TableContext value={settings}>
      <div
        ref={box}
        {...(scrolls
          ? { role: "region", tabIndex: 0, ...(scrollLabel ? { "aria-label": scrollLabel } : { "aria-labelledby": props["aria-labelledby"] ?? captionId }) }
          : {})}
        className={cn(
          "w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
          framed && "rounded-2xl border border-border bg-surface",
          stickyHeader && "lg:overflow-visible",
        )}
      >
        <table
          className={cn(
            // Separate borders, drawn on the cells: a sticky header keeps its line, and a framed table's corner cells can be rounded.
            "w-full border-separate border-spacing-0 text-left text-sm",
            framed &&
              "[&_tbody>tr:last-child>:first-child]:rounded-bl-2xl [&_tbody>tr:last-child>:last-child]:rounded-br-2xl [&_thead_th:first-child]:rounded-tl-2xl [&_thead_th:last-child]:rounded-tr-2xl",
            className,
          )}
          {...props}
        >
          {children}
        </table>
      </div>
    </TableContext>
  );
}

/** The table's name for assistive technology (visually hidden: the heading above says it). */
export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  const { captionId } = use(TableContext);
  return <caption id={captionId} className={cn("sr-only", className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  const { stickyHeader } = use(TableContext);
  return <thead className={cn(stickyHeader && "lg:sticky lg:top-0 lg:z-10", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&>tr:last-child>*]:border-b-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  const { framed } = use(TableContext);
  return <tr className={cn("align-middle", framed && "hover:bg-surface-2/40", className)} {...props} />;
}

type CellOptions = { numeric?: boolean; from?: Breakpoint };

/** Padding by density, 0.75 rem between columns; a framed table keeps its first and last columns off the border. */
function cellClass({ density, framed }: TableSettings, { numeric, from }: CellOptions) {
  return cn(
    "border-b border-border pr-3",
    density === "compact" ? "py-2" : "py-3",
    framed ? "first:pl-4 last:pr-4" : "last:pr-0",
    numeric && "text-right whitespace-nowrap tabular-nums",
    from && SHOWN_FROM[from],
  );
}

/**
 * A column's header (`scope="col"`, the default), or a row's (`scope="row"`: the row's first cell,
 * which names it, styled as a cell). A numeric column's header takes no more width than it needs;
 * `unseen`: the header is only read out (the selection checkboxes, the row buttons).
 */
export function TableHead({ numeric, from, unseen, scope = "col", className, children, ...props }: ComponentProps<"th"> & CellOptions & { unseen?: boolean }) {
  const settings = use(TableContext);
  return (
    <th
      scope={scope}
      className={cn(
        cellClass(settings, { numeric, from }),
        scope === "col" ? "text-xs font-semibold tracking-wide text-muted uppercase" : "font-medium",
        scope === "col" && numeric && "w-px",
        scope === "col" && settings.stickyHeader && "bg-surface",
        className,
      )}
      {...props}
    >
      {unseen ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}

/** The header of the row buttons' column (edit, delete…): read out as 'Actions', not shown. */
export function TableActionsHead() {
  return (
    <TableHead unseen className="text-right">
      Actions
    </TableHead>
  );
}

export function TableCell({ numeric, from, className, ...props }: ComponentProps<"td"> & CellOptions) {
  const settings = use(TableContext);
  return <td className={cn(cellClass(settings, { numeric, from }), className)} {...props} />;
}

/** Whether the box is narrower than what it holds (so it scrolls sideways), kept up to date as either resizes. */
function useScrollsSideways(box: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX !== "visible");
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}
