import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { ageOf } from "~/lib/age";
import { formatDate } from "~/lib/dates";
import type { LeadRow } from "~/lib/lead-inbox";
import { LEAD_STATUS_LABELS, type LeadStatusValue } from "~/lib/lead-status";
import { listHref } from "~/components/admin/list-controls";
import { StatusBadge } from "~/components/admin/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { usePendingStatuses } from "./lead-status-control";
import { useGridNavigation } from "./use-grid-navigation";

/**
 * Back from a lead that had the screen to itself (a phone): the focus returns to that lead's row
 * instead of being lost with the lead's 'Back to leads' link.
 */
function useFocusBackOnClose(openId: string | null) {
  const previous = useRef(openId);
  useEffect(() => {
    const was = previous.current;
    previous.current = openId;
    if (!was || openId) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.checkVisibility()) return;
    document.querySelector<HTMLElement>(`[data-lead-list] [data-lead-id="${was}"] a[href]`)?.focus();
  }, [openId]);
}

function statusTone(status: LeadStatusValue) {
  return { on: status !== "new" && status !== "lost", pending: status === "new" };
}

/**
 * The leads as an inbox list: a data grid named 'Leads' (name, company, status, source, age), one
 * row per lead, newest first. Each name links to the lead (`?lead=<id>`, the list's search, tab and
 * page kept), so the list works without JavaScript; with it, the keyboard moves through the grid
 * (use-grid-navigation.ts) and a click anywhere on a row opens it. The open row is the selected one.
 * A status being saved shows at once (the status control's fetcher).
 */
export function LeadList({ items, openId, now }: { items: LeadRow[]; openId: string | null; now: string }) {
  const { pathname, search } = useLocation();
  const pending = usePendingStatuses();
  const openRow = items.findIndex((lead) => lead.id === openId);
  useFocusBackOnClose(openId);
  const { gridProps, focusProps } = useGridNavigation({ rows: items.length, startRow: Math.max(openRow, 0), resetKey: items.map((l) => l.id).join() });

  return (
    <div data-lead-list>
      <Table role="grid" framed className="table-fixed" {...gridProps}>
        <TableCaption>Leads</TableCaption>
        <colgroup>
          <col />
          <col className="hidden w-[25%] sm:table-column" />
          <col className="w-[6.5rem]" />
          <col className="hidden w-[15%] sm:table-column" />
          <col className="w-[4rem]" />
        </colgroup>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead from="sm">Company</TableHead>
            <TableHead>Status</TableHead>
            <TableHead from="sm">Source</TableHead>
            <TableHead numeric>Age</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((lead, r) => {
            const open = lead.id === openId;
            const status = pending.get(lead.id) ?? lead.status;
            const tone = statusTone(status);
            const age = ageOf(lead.createdAt, now);
            const cell = (c: number) => ({ "data-row": r, "data-col": c, ...(c === 0 ? {} : focusProps(r, c)) });
            return (
              <TableRow
                key={lead.id}
                data-lead-id={lead.id}
                aria-selected={open}
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest("a")) event.currentTarget.querySelector("a")?.click();
                }}
                className={cn("cursor-pointer", open && "bg-primary/10 hover:bg-primary/15 [&>td:first-child]:shadow-[inset_3px_0_0_var(--color-primary)]")}
              >
                <TableCell {...cell(0)} className="py-2.5">
                  <Link
                    to={listHref(pathname, search, { lead: lead.id })}
                    preventScrollReset
                    {...focusProps(r, 0)}
                    className="block truncate font-medium underline-offset-4 hover:underline"
                  >
                    {lead.name}
                  </Link>
                  <span className="block truncate text-xs text-muted sm:hidden">
                    {lead.company}
                    {lead.source ? ` · ${lead.source}` : ""}
                  </span>
                </TableCell>
                <TableCell from="sm" {...cell(1)} title={lead.company} className="truncate py-2.5 text-muted">
                  {lead.company}
                </TableCell>
                <TableCell {...cell(2)} className="py-2.5">
                  <StatusBadge on={tone.on} pending={tone.pending}>
                    {LEAD_STATUS_LABELS[status]}
                  </StatusBadge>
                </TableCell>
                <TableCell from="sm" {...cell(3)} title={lead.source ?? undefined} className="truncate py-2.5 text-muted">
                  {lead.source ?? <span className="sr-only">None</span>}
                </TableCell>
                <TableCell numeric {...cell(4)} className="py-2.5 text-muted">
                  <time dateTime={lead.createdAt} title={formatDate(lead.createdAt)}>
                    <span aria-hidden="true">{age.short}</span>
                    <span className="sr-only">{age.long}</span>
                  </time>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
