import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { cn } from "~/lib/cn";
import { buttonClass } from "~/components/ui/button";

/**
 * The controls of a back-office list whose state lives in the URL (read on the server by
 * app/server/admin/list-params.server.ts): `?q=` search, `?status=` tab, `?page=` page. Every control
 * is a plain link or GET form, so it works without JavaScript, can be reloaded, shared and gone
 * back to; each keeps the URL's other parameters, and any change of search or tab goes back to page 1.
 *
 *   <ListSearch label="Search posts" placeholder="Title, excerpt or slug" />
 *   <ListTabs label="Posts by status" current={status} tabs={[{ value: "all", label: "All", count: 312 }, …]} />
 *   …the rows…
 *   <ListPager label="Posts" page={page} pageSize={25} total={312} />
 *
 * The first tab is the default: choosing it removes `status` from the URL (likewise page 1 and an
 * empty search), so the plain address is the unfiltered list.
 */

type Changes = Record<string, string | number | null | undefined>;

/** `pathname` with `search`'s parameters changed: null, undefined or "" removes one. */
export function listHref(pathname: string, search: string | URLSearchParams, changes: Changes) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The current address with some parameters changed (see `listHref`). */
export function useListHref() {
  const { pathname, search } = useLocation();
  return (changes: Changes) => listHref(pathname, search, changes);
}

const DEBOUNCE_MS = 300;

/**
 * A search box: a GET form of the current address (its other parameters ride along as hidden
 * fields) with a 'Search' button. With JavaScript the list follows the typing (after a pause of
 * 300 ms): the first change adds a history entry, the next ones while typing replace it.
 */
export function ListSearch({ label, placeholder, param = "q", className }: { label: string; placeholder?: string; param?: string; className?: string }) {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const value = params.get(param) ?? "";
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typing = useRef(false);
  const id = useId();

  // Back/forward or a tab change: show the URL's search unless someone is typing in the box.
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box && box.value !== value) box.value = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (text: string, replace: boolean) => {
    clearTimeout(timer.current);
    if (text.trim() === value) return;
    void navigate(listHref(pathname, search, { [param]: text.trim(), page: null }), { replace, preventScrollReset: true });
  };

  return (
    <form
      method="get"
      action={pathname}
      role="search"
      aria-label={label}
      className={cn("flex w-full max-w-md items-center gap-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        typing.current = false;
        go(input.current?.value ?? "", false);
      }}
    >
      {[...params].map(([key, v]) => (key === param || key === "page" ? null : <input key={key} type="hidden" name={key} value={v} />))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id={id}
          type="search"
          name={param}
          defaultValue={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={100}
          onChange={(event) => {
            const text = event.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              go(text, typing.current);
              typing.current = true;
            }, DEBOUNCE_MS);
          }}
          onBlur={() => {
            typing.current = false;
          }}
          className="h-9 w-full rounded-full border border-border bg-surface pr-3 pl-9 text-sm placeholder:text-muted focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-2"
        />
      </div>
      <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
        Search
      </button>
    </form>
  );
}

/** `count` null or absent: not shown; `atLeast`: the count is a lower bound ("500+"). */
export type ListTab = { value: string; label: string; count?: number | null; atLeast?: boolean };

/**
 * Filter tabs as links (`?status=`), the current one marked with aria-current="page"; a tab may
 * show how many rows it holds. The first tab is the default (no parameter).
 */
export function ListTabs({ label, tabs, current, param = "status" }: { label: string; tabs: ListTab[]; current: string; param?: string }) {
  const href = useListHref();
  return (
    <nav aria-label={label} className="-mx-4 min-w-0 overflow-x-auto px-4 [scrollbar-width:thin] sm:mx-0 sm:px-0">
      {/* One line: on a phone the tabs scroll sideways (each is a link, so Tab scrolls them into view). */}
      <ul className="flex w-max gap-1.5">
        {tabs.map((tab, i) => {
          const active = tab.value === current;
          return (
            <li key={tab.value}>
              <Link
                to={href({ [param]: i === 0 ? null : tab.value, page: null })}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  active ? "border-primary/60 bg-primary/15 text-foreground" : "border-transparent text-muted hover:bg-surface-2 hover:text-foreground",
                )}
              >
                {tab.label}
                {tab.count === undefined || tab.count === null ? null : (
                  <span className={cn("rounded-full px-2 py-0.5 text-xs tabular-nums", active ? "bg-primary/20 text-foreground" : "bg-surface-2 text-muted")}>
                    {tab.count.toLocaleString("en-US")}
                    {tab.atLeast ? "+" : ""}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * "Showing 26–50 of 312" (nothing when the list is empty). A total that is a lower bound reads
 * "of 500+", and pages past it (or of an uncounted total, null) show only their range.
 */
export function showingText(page: number, pageSize: number, total: number | null, { atLeast = false, shown = pageSize } = {}) {
  const n = (v: number) => v.toLocaleString("en-US");
  const from = (page - 1) * pageSize + 1;
  if (total === null || atLeast) {
    if (shown <= 0) return "";
    const to = from + shown - 1;
    return total !== null && to <= total ? `Showing ${n(from)}–${n(to)} of ${n(total)}+` : `Showing ${n(from)}–${n(to)}`;
  }
  if (total <= 0) return "";
  const to = Math.min(page * pageSize, total);
  return `Showing ${n(from)}–${n(to)} of ${n(total)}`;
}

/**
 * Previous and Next as links, with the range shown. `total` null (not counted) or `atLeast` (a
 * lower bound): Next follows `hasMore`, and `shown` is the number of rows on this page.
 */
export function ListPager({
  label,
  page,
  pageSize,
  total,
  atLeast = false,
  hasMore = false,
  shown,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number | null;
  atLeast?: boolean;
  hasMore?: boolean;
  shown?: number;
}) {
  const href = useListHref();
  const counted = total !== null && !atLeast;
  if (counted ? total <= 0 : !shown && page === 1) return null;
  const last = counted ? Math.max(1, Math.ceil(total / pageSize)) : hasMore ? page + 1 : page;
  const link = (to: number, rel: "prev" | "next", text: string) => {
    const icon = rel === "prev" ? <ChevronLeft aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />;
    const content = rel === "prev" ? [icon, text] : [text, icon];
    const inside = content.map((part, i) => (
      <span key={i} className="contents">
        {part}
      </span>
    ));
    const enabled = rel === "prev" ? page > 1 : page < last;
    return enabled ? (
      <Link to={href({ page: to > 1 ? to : null })} rel={rel} className={buttonClass({ variant: "outline", size: "sm" })}>
        {inside}
      </Link>
    ) : (
      <span aria-disabled="true" className={buttonClass({ variant: "outline", size: "sm", className: "pointer-events-none opacity-50" })}>
        {inside}
      </span>
    );
  };
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {showingText(page, pageSize, total, { atLeast, shown })}
      </p>
      <div className="flex gap-2">
        {link(page - 1, "prev", "Previous")}
        {link(page + 1, "next", "Next")}
      </div>
    </nav>
  );
}
